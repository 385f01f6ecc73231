#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why reading or writing a file or stream failed: a class a caller can act on, the operation,
/// the path (or stream name), and the system call and `errno` underneath when there was one.
///
/// Modelled on swift-nio's `NIOFileSystem.FileSystemError`: the ``code`` says what kind of
/// failure it is, and ``description`` is derived from the fields unless a more precise
/// ``message`` was given where the failure was found.
///
/// ```swift
/// do {
///     let source = try FileDescriptorIO.openForReading("missing.age")
/// } catch {
///     print(error.code, error.operation, error.path, error.systemCall ?? "-", error.errno ?? 0)
///     // notFound open missing.age open 2
/// }
/// ```
public struct IOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of an I/O failure.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// An input file does not exist (`ENOENT`, `ENOTDIR`).
        case notFound
        /// The path names something that is not a file where a file was expected (a directory).
        case notAFile
        /// The output already exists and may not be replaced.
        case alreadyExists
        /// The output cannot be created or replaced (the folder refuses it, or the path names a node
        /// that is never written to: a directory, a socket, a block device, another user's FIFO).
        case cannotCreate
        /// The output is a pipe (or FIFO) whose reader went away (`EPIPE`).
        case brokenPipe
        /// Reading, writing, flushing or closing failed.
        case ioFailure
        /// An input read whole is longer than its ``IOError/limit`` (a key file over 16 MiB,
        /// `/dev/zero` given as a passphrase file): refused, never cut.
        case tooLarge

        public var description: String { rawValue }

        /// The class in words, to put before the error's sentence ("cannot create the output: …").
        public var summary: String {
            switch self {
            case .notFound: return "not found"
            case .alreadyExists, .cannotCreate: return "cannot create the output"
            case .brokenPipe: return "broken pipe"
            case .notAFile, .ioFailure: return "I/O error"
            case .tooLarge: return "input too large"
            }
        }
    }

    /// What was being done when the failure happened.
    public enum Operation: String, Sendable, Hashable, CustomStringConvertible {
        case open, read, write, create, inspect, flush, close, link, rename, seek

        public var description: String { rawValue }
    }

    /// The class of the failure.
    public var code: Code
    /// What was being done.
    public var operation: Operation
    /// The file involved, or the stream's name ("standard output").
    public var path: String
    /// The system call that failed, when one did (`open`, `write`, `linkat`…).
    public var systemCall: String?
    /// The `errno` the system call left, when one did.
    public var errno: Int32?
    /// A sentence for people, when the place that found the failure knows better than the
    /// derived one (what the path is, what to do).
    public var message: String?
    /// The most bytes the input may hold, for ``Code/tooLarge``.
    public var limit: Int?

    /// A failure; without `message`, its description is derived from the other fields.
    public init(
        _ code: Code, _ operation: Operation, path: String, systemCall: String? = nil, errno: Int32? = nil,
        message: String? = nil
    ) {
        self.code = code
        self.operation = operation
        self.path = path
        self.systemCall = systemCall
        self.errno = errno
        self.message = message
    }

    /// The failure of `systemCall` with `errno` `code` while doing `operation` on `path`, classed
    /// from the `errno` (`ENOENT` is not found, `EEXIST` already exists, `EPIPE` a broken pipe).
    public static func system(
        _ operation: Operation, path: String, systemCall: String, errno code: Int32, message: String? = nil
    ) -> IOError {
        let kind: Code
        switch code {
        case ENOENT, ENOTDIR: kind = operation == .open || operation == .inspect ? .notFound : .cannotCreate
        case EEXIST: kind = .alreadyExists
        case EISDIR: kind = .notAFile
        case EPIPE: kind = .brokenPipe
        default:
            switch operation {
            case .create, .link, .rename: kind = .cannotCreate
            default: kind = .ioFailure
            }
        }
        return IOError(kind, operation, path: path, systemCall: systemCall, errno: code, message: message)
    }

    /// An input at `path` (or a stream's name) longer than `limit` bytes, found while reading it
    /// whole; its description names both.
    ///
    /// ```swift
    /// throw IOError.tooLarge(path: "key.txt", limit: 16 << 20)   // "key.txt is longer than 16777216 bytes"
    /// ```
    public static func tooLarge(path: String, limit: Int, message: String? = nil) -> IOError {
        var error = IOError(.tooLarge, .read, path: path, message: message)
        error.limit = limit
        return error
    }

    /// The text of `errno` (`strerror`), when there is one.
    public var reason: String? { errno.map { String(cString: strerror($0)) } }

    public var description: String {
        if let message { return message }
        if code == .tooLarge, let limit { return "\(path) is longer than \(limit) bytes" }
        var text = "\(path): \(operation) failed"
        if let reason, let errno {
            text += " (\(reason), errno \(errno)"
            if let systemCall { text += " from \(systemCall)" }
            text += ")"
        }
        return text
    }
}
