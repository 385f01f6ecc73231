import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ByteSink`` writing to an open file descriptor (standard output, or a temporary file).
///
/// A write to a pipe whose reader went away throws ``SealError/brokenPipe(_:)`` (when SIGPIPE is
/// ignored, as the `rampart` CLI does); any other failure throws ``SealError/io(_:)`` naming the
/// stream and the OS error.
///
/// ```swift
/// var output = FileSink.standardOutput
/// try output.write(Data("done\n".utf8))
/// ```
public struct FileSink: ByteSink, Sendable {
    /// The descriptor written to.
    public let fileDescriptor: Int32
    /// The name used in error messages.
    public let name: String

    /// Writes to `fileDescriptor`, which the caller keeps open and closes.
    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// Standard output.
    public static var standardOutput: FileSink { FileSink(fileDescriptor: 1, name: "standard output") }

    public mutating func write(_ bytes: Data) throws(SealError) {
        try SealError.mappingIO { () throws(IOError) in
            try FileDescriptorIO.write(bytes, to: fileDescriptor, name: name)
        }
    }
}
