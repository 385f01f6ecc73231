import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening, reading and writing file descriptors, with every failure an ``IOError`` that names
/// the path, the operation, the system call and `errno`. The one place the package loops over
/// `read(2)` and `write(2)`: interrupted calls are retried, partial writes continued, and a
/// non-blocking pipe that is full is waited on.
///
/// ```swift
/// let descriptor = try FileDescriptorIO.openForReading("notes.txt")
/// defer { close(descriptor) }
/// let first = try FileDescriptorIO.read(descriptor, name: "notes.txt", upTo: 4096)
/// try FileDescriptorIO.write(first, to: 1, name: "standard output")
/// ```
package enum FileDescriptorIO {
    /// Opens `path` read-only (close-on-exec). A missing file is ``IOError/Code/notFound``, a
    /// directory ``IOError/Code/notAFile``.
    package static func openForReading(_ path: String) throws(IOError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw openFailure(path, errno: errno) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw IOError(.notAFile, .open, path: path, message: "\(path) is a directory, not a file")
        }
        return descriptor
    }

    /// The error of an `open` that failed with `code`: a missing file or folder on the way is
    /// ``IOError/Code/notFound``, anything else names the system's reason.
    private static func openFailure(_ path: String, errno code: Int32) -> IOError {
        if code == ENOENT || code == ENOTDIR {
            return .system(.open, path: path, systemCall: "open", errno: code, message: "\(path): no such file")
        }
        return .system(
            .open, path: path, systemCall: "open", errno: code,
            message: "\(path): cannot be opened (\(SystemCalls.describe(code)))")
    }

    /// Opens `path` (relative to the folder open as `folder`, or to the working directory) read-only only
    /// when it is a regular file: a symbolic link as its last component is not followed (`O_NOFOLLOW`), and a
    /// FIFO or device put in a file's place is neither waited on (`O_NONBLOCK`) nor read. A symbolic link, a
    /// folder, a FIFO, a socket or a device is ``IOError/Code/notAFile``; a missing file
    /// ``IOError/Code/notFound``. For walks over trees someone else controls (`rampart scan`).
    ///
    /// ```swift
    /// let descriptor = try FileDescriptorIO.openRegularFile("App/Login.swift")
    /// defer { close(descriptor) }
    /// ```
    package static func openRegularFile(_ path: String, relativeTo folder: Int32 = AT_FDCWD) throws(IOError) -> Int32 {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP {
                throw IOError(
                    .notAFile, .open, path: path, systemCall: "open", errno: code,
                    message: "\(path) is a symbolic link, not a file")
            }
            throw openFailure(path, errno: code)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw IOError(
                .notAFile, .open, path: path,
                message: "\(path) is not a regular file (a folder, FIFO, socket or device)")
        }
        // Reads of a regular file never block; clear the flag all the same so the descriptor behaves as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Up to `count` bytes from `descriptor`; empty only at the end of the input.
    package static func read(_ descriptor: Int32, name: String, upTo count: Int) throws(IOError) -> Data {
        guard count > 0 else { return Data() }
        var data = Data(count: count)
        let filled = data.withUnsafeMutableBytes { buffer in
            Result { () throws(IOError) in try read(descriptor, name: name, into: buffer) }
        }
        let count = try filled.get()
        if count < data.count { data.removeSubrange(count...) }
        return data
    }

    /// Up to `buffer.count` bytes from `descriptor` into `buffer`, without an allocation; the
    /// number read, 0 only at the end of the input.
    package static func read(
        _ descriptor: Int32, name: String, into buffer: UnsafeMutableRawBufferPointer
    ) throws(IOError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let result = SystemCalls.read(descriptor, base, buffer.count)
            if result >= 0 { return result }
            let failure = errno
            if failure != EINTR {
                throw .system(
                    .read, path: name, systemCall: "read", errno: failure,
                    message: "\(name): read failed (\(SystemCalls.describe(failure)))")
            }
        }
    }

    /// Everything `descriptor` holds from where it stands, read whole, for inputs small by nature
    /// (a key file, a passphrase file, a certificate or a value on standard input): the one rule
    /// for how much is read. An input longer than `limit` bytes is ``IOError/Code/tooLarge``
    /// (naming `limit`), refused and never cut, after reading `limit + 1` bytes and no more, so
    /// `/dev/zero` or an endless pipe ends at once.
    ///
    /// With `delimiter`, only what comes up to and including its first occurrence is returned (a
    /// first line; what came after it in the same read is dropped), and only that part counts
    /// against `limit`; without one in the first `limit` bytes, the input is too large.
    ///
    /// ```swift
    /// let value = try FileDescriptorIO.readAll(0, name: "standard input", limit: 16 << 20)
    /// let line = try FileDescriptorIO.readAll(descriptor, name: path, limit: 1026, through: UInt8(ascii: "\n"))
    /// ```
    package static func readAll(
        _ descriptor: Int32, name: String, limit: Int, through delimiter: UInt8? = nil
    ) throws(IOError) -> Data {
        var data = Data()
        while data.count <= limit {
            let chunk = try read(descriptor, name: name, upTo: min(64 << 10, limit + 1 - data.count))
            if chunk.isEmpty { return data }
            let start = data.count
            data.append(chunk)
            if let delimiter, let found = chunk.firstIndex(of: delimiter) {
                let end = start + (found - chunk.startIndex) + 1
                if end <= limit { return Data(data.prefix(end)) }
                break
            }
        }
        throw .tooLarge(path: name, limit: limit)
    }

    /// ``readAll(_:name:limit:through:)`` of the file at `path`, opened for reading and closed
    /// after; a missing file is ``IOError/Code/notFound``, a directory ``IOError/Code/notAFile``.
    ///
    /// ```swift
    /// let bytes = try FileDescriptorIO.readAll(path: "key.txt", limit: 16 << 20)
    /// ```
    package static func readAll(path: String, limit: Int, through delimiter: UInt8? = nil) throws(IOError) -> Data {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try readAll(descriptor, name: path, limit: limit, through: delimiter)
    }

    /// Writes all of `bytes` to `descriptor`, or returns the `errno` of the first real failure.
    package static func writeAll(_ bytes: some DataProtocol, to descriptor: Int32) -> Int32? {
        var failure: Int32?
        for region in bytes.regions where failure == nil {
            failure = region.withUnsafeBytes { buffer -> Int32? in
                guard let start = buffer.baseAddress else { return nil }
                var offset = 0
                while offset < buffer.count {
                    let written = SystemCalls.write(descriptor, start + offset, buffer.count - offset)
                    if written >= 0 {
                        offset += written
                        continue
                    }
                    switch errno {
                    case EINTR: continue
                    case EAGAIN:
                        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&ready, 1, -1)
                    case let code: return code
                    }
                }
                return nil
            }
        }
        return failure
    }

    /// Writes all of `bytes` to `descriptor`. A pipe whose reader went away (when SIGPIPE is
    /// ignored) is ``IOError/Code/brokenPipe``; any other failure ``IOError/Code/ioFailure``.
    package static func write(_ bytes: some DataProtocol, to descriptor: Int32, name: String) throws(IOError) {
        guard let failure = writeAll(bytes, to: descriptor) else { return }
        if failure == EPIPE {
            throw .system(
                .write, path: name, systemCall: "write", errno: failure, message: "\(name): the reader closed it")
        }
        throw .system(
            .write, path: name, systemCall: "write", errno: failure,
            message: "\(name): write failed (\(SystemCalls.describe(failure)), errno \(failure))")
    }
}
