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
            let writer = BackgroundSink(output)
            var sink: any ByteSink = writer
            do {
                try body(&sink)
                try writer.finish()
            } catch {
                try? writer.finish()
                output.discard()
                throw error
            }
            try output.commit()
        case .standardOutput where !holdUntilDone:
            let writer = BackgroundSink(FileSink.standardOutput)
            var sink: any ByteSink = writer
            do {
                try body(&sink)
            } catch {
                // What was already released (authenticated age chunks) still reaches the reader.
                try? writer.finish()
                throw error
            }
            try writer.finish()
        case .standardOutput:
            var template = Array((NSTemporaryDirectory() + "/rampart-hold-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                let descriptor = mkstemp(base)
                if descriptor >= 0 { unlink(base) }
                return descriptor
            }
            guard descriptor >= 0 else {
                throw .io("cannot create a temporary file to hold the output (\(SystemCalls.describe(errno)))")
            }
            defer { close(descriptor) }
            let writer = BackgroundSink(FileSink(fileDescriptor: descriptor, name: "the temporary output"))
            var sink: any ByteSink = writer
            do {
                try body(&sink)
            } catch {
                try? writer.finish()
                throw error
            }
            try writer.finish()
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
}
