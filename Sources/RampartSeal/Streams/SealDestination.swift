import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an encryption or decryption writes: a file, replaced only when the work succeeded, or
/// standard output.
///
/// A file goes through ``AtomicFileOutput``: it has no name until `body` returned, so an error,
/// an interruption or a killed process leaves nothing behind; an existing regular file is
/// replaced only when `replacing` is true, and a node that is not a regular file is never
/// replaced: a FIFO or a character device (`/dev/null`, `/dev/stdout` on a pipe) is written
/// straight into, like standard output, and a directory, a socket or a block device is refused.
///
/// ```swift
/// try SealDestination.file("plain.txt", replacing: false).write { sink in
///     try Age.decrypt(from: &source, to: &sink, identities: identities)
/// }
/// ```
public enum SealDestination: Sendable, Equatable {
    /// Standard output.
    case standardOutput
    /// A file at a path; an existing one is replaced only when `replacing` is true.
    case file(String, replacing: Bool)

    /// Runs `body` with a sink for this destination. A file appears (or is replaced) only when
    /// `body` returns normally; on any error nothing is left behind.
    ///
    /// - Parameter holdUntilDone: for an output read as it is written (standard output, a FIFO,
    ///   a device), keep everything in an unnamed temporary file (0600, never visible, gone with
    ///   the process) and copy it out only after `body` returned, for formats that authenticate
    ///   at the very end (RNCryptor). Without it, what `body` wrote before failing (authenticated
    ///   age chunks) has already reached the reader.
    public func write(
        holdUntilDone: Bool = false, _ body: (inout any ByteSink) throws(SealError) -> Void
    ) throws(SealError) {
        switch self {
        case .file(let path, let replacing):
            let output = try AtomicFileOutput(path: path, replacing: replacing)
            do {
                if holdUntilDone && output.writesThrough {
                    var sink = output
                    try Self.hold(body, thenCopyTo: &sink)
                } else {
                    try Self.run(body, writingTo: output)
                }
            } catch {
                output.discard()
                throw error
            }
            try output.commit()
        case .standardOutput where !holdUntilDone:
            // On failure what was already released (authenticated age chunks) still reaches the reader.
            try Self.run(body, writingTo: FileSink.standardOutput)
        case .standardOutput:
            var output = FileSink.standardOutput
            try Self.hold(body, thenCopyTo: &output)
        }
    }

    /// Runs `body` into an unnamed temporary file, then copies what it wrote to `output`.
    private static func hold(
        _ body: (inout any ByteSink) throws(SealError) -> Void, thenCopyTo output: inout some ByteSink
    ) throws(SealError) {
        guard let descriptor = SystemCalls.makeScratchFile(in: NSTemporaryDirectory()) else {
            throw .io("cannot create a temporary file to hold the output (\(SystemCalls.describe(errno)))")
        }
        defer { close(descriptor) }
        try run(body, writingTo: FileSink(fileDescriptor: descriptor, name: "the temporary output"))
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .io("cannot rewind the temporary output") }
        let held = FileSource(fileDescriptor: descriptor, name: "the temporary output")
        while true {
            let chunk = try held.read(upTo: 1 << 20)
            if chunk.isEmpty { break }
            try output.write(chunk)
        }
    }

    /// Runs `body` with a background writer in front of `base`, and waits until every write landed
    /// (also when `body` fails, so nothing writes after the caller cleans up).
    private static func run(
        _ body: (inout any ByteSink) throws(SealError) -> Void, writingTo base: any ByteSink
    ) throws(SealError) {
        let writer = BackgroundSink(base)
        var sink: any ByteSink = writer
        do {
            try body(&sink)
        } catch {
            try? writer.finish()
            throw error
        }
        try writer.finish()
    }
}
