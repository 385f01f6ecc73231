import Foundation

/// A ``ByteSink`` writing to an open file descriptor (standard output, or a temporary file).
///
/// A write to a pipe whose reader went away throws ``IOError/Code/brokenPipe`` (when SIGPIPE is
/// ignored, as the `rampart` CLI does); any other failure ``IOError/Code/ioFailure``, naming the
/// stream and the OS error.
///
/// ```swift
/// var output = FileSink.standardOutput
/// try output.write(Data("done\n".utf8))
/// ```
public struct FileSink: ByteSink, Sendable {
    public typealias Failure = IOError

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

    public mutating func write(_ bytes: Data) throws(IOError) {
        try FileDescriptorIO.write(bytes, to: fileDescriptor, name: name)
    }
}
