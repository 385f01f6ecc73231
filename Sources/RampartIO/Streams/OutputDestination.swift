import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a streaming operation writes: a file that appears only when the work succeeded, or
/// standard output; and, for output that must not be seen before it is verified, held until
/// the work is done, then released.
///
/// A file goes through `AtomicFileOutput`: it has no name until `body` returned, so an error,
/// an interruption or a killed process leaves nothing behind; an existing regular file is
/// replaced only when `replacing` is true, and a node that is not a regular file is never
/// replaced: a FIFO or a character device (`/dev/null`, `/dev/stdout` on a pipe) is written
/// straight into, like standard output, and a directory, a socket or a block device is refused
/// (`OutputTarget`). RampartSeal names it `SealDestination` too, and adds a `write` whose body
/// throws `SealError`.
///
/// ```swift
/// try OutputDestination.file("report.json", replacing: true).write(mappingErrors: { AppError.output($0) }) {
///     (sink: inout any ByteSink<IOError>) throws(AppError) in
///     try sink.write(try report.encoded())
/// }
/// ```
public enum OutputDestination: Sendable, Equatable {
    /// Standard output.
    case standardOutput
    /// A file at a path; an existing one is replaced only when `replacing` is true.
    case file(String, replacing: Bool)

    /// Runs `body` with a sink for this destination. A file appears (or is replaced) only when
    /// `body` returns normally; on any error nothing is left behind. The destination's own
    /// failures (creating, writing, committing the output: ``IOError``s) reach the caller through
    /// `mapping`, and `body`'s errors as they are.
    ///
    /// - Parameters:
    ///   - holdUntilDone: for an output read as it is written (standard output, a FIFO,
    ///     a device), keep everything in an unnamed temporary file (0600, never visible, gone with
    ///     the process) and copy it out only after `body` returned, for formats that authenticate
    ///     at the very end (RNCryptor, a signed E2E message). Without it, what `body` wrote before
    ///     failing (authenticated age chunks) has already reached the reader. A file keeps no name
    ///     until `body` returned even where the file system has no unnamed files (there it is
    ///     written unlinked, then copied), so a kill never leaves unverified output behind.
    ///   - mapping: turns the destination's own ``IOError``s into `body`'s error type.
    ///   - body: writes the output into the sink it is given.
    public func write<Failure: Error>(
        holdUntilDone: Bool = false, mappingErrors mapping: (IOError) -> Failure,
        _ body: (inout any ByteSink<IOError>) throws(Failure) -> Void
    ) throws(Failure) {
        switch self {
        case .file(let path, let replacing):
            let output: AtomicFileOutput
            do {
                output = try AtomicFileOutput(path: path, replacing: replacing, namelessUntilCommit: holdUntilDone)
            } catch {
                throw mapping(error)
            }
            do throws(Failure) {
                if holdUntilDone && output.writesThrough {
                    var sink = output
                    try Self.hold(body, thenCopyTo: &sink, mapping)
                } else {
                    try Self.run(body, writingTo: output, mapping)
                }
            } catch {
                output.discard()
                throw error
            }
            do {
                try output.commit()
            } catch {
                throw mapping(error)
            }
        case .standardOutput where !holdUntilDone:
            // On failure what was already released (authenticated age chunks) still reaches the reader.
            try Self.run(body, writingTo: FileSink.standardOutput, mapping)
        case .standardOutput:
            var output = FileSink.standardOutput
            try Self.hold(body, thenCopyTo: &output, mapping)
        }
    }

    /// Runs `body` into an unnamed temporary file, then copies what it wrote to `output`.
    private static func hold<Failure: Error>(
        _ body: (inout any ByteSink<IOError>) throws(Failure) -> Void,
        thenCopyTo output: inout some ByteSink<IOError>, _ mapping: (IOError) -> Failure
    ) throws(Failure) {
        let folder = NSTemporaryDirectory()
        guard let descriptor = SystemCalls.makeScratchFile(in: folder) else {
            let code = errno
            throw mapping(
                IOError(
                    .ioFailure, .create, path: folder, systemCall: "open", errno: code,
                    message: "cannot create a temporary file to hold the output (\(SystemCalls.describe(code)))"))
        }
        defer { close(descriptor) }
        try run(body, writingTo: FileSink(fileDescriptor: descriptor, name: "the temporary output"), mapping)
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            let code = errno
            throw mapping(
                IOError(
                    .ioFailure, .seek, path: "the temporary output", systemCall: "lseek", errno: code,
                    message: "cannot rewind the temporary output"))
        }
        let held = FileSource(fileDescriptor: descriptor, name: "the temporary output")
        do throws(IOError) {
            while true {
                let chunk = try held.read(upTo: 1 << 20)
                if chunk.isEmpty { break }
                try output.write(chunk)
            }
        } catch {
            throw mapping(error)
        }
    }

    /// Runs `body` with a background writer in front of `base`, and waits until every write landed
    /// (also when `body` fails, so nothing writes after the caller cleans up).
    private static func run<Failure: Error>(
        _ body: (inout any ByteSink<IOError>) throws(Failure) -> Void, writingTo base: any ByteSink<IOError>,
        _ mapping: (IOError) -> Failure
    ) throws(Failure) {
        let writer = BackgroundSink(base)
        var sink: any ByteSink<IOError> = writer
        do throws(Failure) {
            try body(&sink)
        } catch {
            try? writer.finish()
            throw error
        }
        do {
            try writer.finish()
        } catch {
            throw mapping(error)
        }
    }
}
