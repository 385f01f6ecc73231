import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ByteSource`` reading a file or standard input through its file descriptor.
///
/// ```swift
/// let source = try FileSource(path: "secret.age")   // or FileSource.standardInput
/// ```
public final class FileSource: ByteSource {
    /// The file descriptor read from.
    public let fileDescriptor: Int32
    /// The name used in error messages.
    public let name: String
    private let ownsDescriptor: Bool

    /// Opens `path` for reading; a missing file is ``SealError/notFound(_:)``.
    public init(path: String) throws(SealError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound("\(path): no such file") }
            throw .io("\(path): cannot be opened (\(SystemCalls.describe(code)))")
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .io("\(path) is a directory, not a file")
        }
        self.fileDescriptor = descriptor
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

    public func read(upTo count: Int) throws(SealError) -> Data {
        guard count > 0 else { return Data() }
        var data = Data(count: count)
        var filled = 0
        let failure: Int32? = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while true {
                let result = SystemCalls.read(fileDescriptor, base, count)
                if result >= 0 {
                    filled = result
                    return nil
                }
                if errno != EINTR { return errno }
            }
        }
        if let failure { throw .io("\(name): read failed (\(SystemCalls.describe(failure)))") }
        if filled < count { data.removeSubrange(filled...) }
        return data
    }
}
