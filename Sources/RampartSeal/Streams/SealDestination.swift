import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an encryption or decryption writes: a file, replaced only when the work succeeded, or
/// standard output.
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
    /// - Parameter holdUntilDone: for standard output, keep everything in an anonymous temporary
    ///   file (already unlinked, 0600) and copy it out only after `body` returned, for formats
    ///   that authenticate at the very end (RNCryptor).
    public func write(
        holdUntilDone: Bool = false, _ body: (inout any ByteSink) throws(SealError) -> Void
    ) throws(SealError) {
        switch self {
        case .file(let path, let replacing):
            let output = try AtomicFileOutput(path: path, replacing: replacing)
            do {
                try Self.run(body, writingTo: output)
            } catch {
                output.discard()
                throw error
            }
            try output.commit()
        case .standardOutput where !holdUntilDone:
            // On failure what was already released (authenticated age chunks) still reaches the reader.
            try Self.run(body, writingTo: FileSink.standardOutput)
        case .standardOutput:
            guard
                let (descriptor, path) = SystemCalls.makeTemporaryFile(NSTemporaryDirectory() + "/rampart-hold-XXXXXX")
            else {
                throw .io("cannot create a temporary file to hold the output (\(SystemCalls.describe(errno)))")
            }
            unlink(path)  // nameless from here on: it disappears with the descriptor, even on a crash
            defer { close(descriptor) }
            try Self.run(body, writingTo: FileSink(fileDescriptor: descriptor, name: "the temporary output"))
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .io("cannot rewind the temporary output") }
            let held = FileSource(fileDescriptor: descriptor, name: "the temporary output")
            var output = FileSink.standardOutput
            while true {
                let chunk = try held.read(upTo: 1 << 20)
                if chunk.isEmpty { break }
                try output.write(chunk)
            }
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
