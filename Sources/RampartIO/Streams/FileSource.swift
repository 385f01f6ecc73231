import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ByteSource`` reading a file or standard input through its file descriptor; every failure
/// is an ``IOError`` naming the file.
///
/// ```swift
/// let source = try FileSource(path: "secret.age")   // or FileSource.standardInput
/// let head = try source.read(upTo: 4096)
/// ```
public final class FileSource: ByteSource {
    public typealias Failure = IOError

    /// The file descriptor read from.
    public let fileDescriptor: Int32
    /// The name used in error messages.
    public let name: String
    private let ownsDescriptor: Bool

    /// Opens `path` for reading; a missing file is ``IOError/Code/notFound``, a directory
    /// ``IOError/Code/notAFile``.
    public init(path: String) throws(IOError) {
        self.fileDescriptor = try FileDescriptorIO.openForReading(path)
        self.name = path
        self.ownsDescriptor = true
    }

    /// Reads an already open descriptor, which stays open.
    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.ownsDescriptor = false
    }

    /// Standard input.
    public static var standardInput: FileSource { FileSource(fileDescriptor: 0, name: "standard input") }

    /// The file's size when it is a regular file, for progress reports.
    public var size: Int? {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    public func read(upTo count: Int) throws(IOError) -> Data {
        try FileDescriptorIO.read(fileDescriptor, name: name, upTo: count)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(IOError) -> Int {
        try FileDescriptorIO.read(fileDescriptor, name: name, into: buffer)
    }
}
