#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls whose names the stream types shadow with their own `read`/`write` methods,
/// and the few file-system calls the outputs share. `read` and `write` are package API: the
/// command line's standard streams write through the same call.
package enum SystemCalls {
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// Creates a new file (mode 0600) from `template`, whose name ends in `XXXXXX`; returns its
    /// descriptor and actual path, or `nil` with `errno` set.
    package static func makeTemporaryFile(_ template: String) -> (descriptor: Int32, path: String)? {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { return nil }
        return (descriptor, String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    #if os(Linux)
        /// `O_TMPFILE` from `<fcntl.h>`, which Swift's Glibc module does not export (the C macro is
        /// `__O_TMPFILE | O_DIRECTORY`, and `__O_TMPFILE` is `020000000` on every Linux architecture
        /// Swift runs on).
        package static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// A new file in `folder` that has no name: it is visible in no listing and disappears with its
    /// last descriptor, whatever ends the process (SIGKILL and power loss included). Give it a name
    /// with ``linkUnnamed(_:to:)``. `nil` with `errno` set when the file system or the kernel cannot
    /// make one (`EOPNOTSUPP`, `EISDIR`, `EINVAL`…) or `/proc` is not mounted; callers fall back to
    /// ``makeTemporaryFile(_:)``. Opened for writing, and for reading too when `readable`. Always
    /// `nil` off Linux.
    package static func makeUnnamedFile(in folder: String, readable: Bool = false) -> Int32? {
        if unnamedFilesUnavailable {
            errno = EOPNOTSUPP
            return nil
        }
        #if os(Linux)
            let accessMode = readable ? O_RDWR : O_WRONLY
            let descriptor = open(folder, temporaryFileFlag | accessMode | O_CLOEXEC, mode_t(0o600))
            guard descriptor >= 0 else { return nil }
            // linkUnnamed names the file through /proc/self/fd; without /proc it never could.
            guard access(procPath(descriptor), F_OK) == 0 else {
                let code = errno
                close(descriptor)
                errno = code
                return nil
            }
            return descriptor
        #else
            errno = ENOTSUP
            return nil
        #endif
    }

    /// Makes ``makeUnnamedFile(in:readable:)`` answer as on a file system without `O_TMPFILE`, for
    /// the task that binds it (and the synchronous calls it makes), so tests can take the fallback
    /// paths without changing what other tests running beside them do.
    ///
    /// ```swift
    /// try SystemCalls.$unnamedFilesUnavailable.withValue(true) {
    ///     try OutputDestination.file("out", replacing: false).write(mappingErrors: { $0 }) { _ in }
    /// }
    /// ```
    @TaskLocal package static var unnamedFilesUnavailable = false

    /// A file for scratch data in `folder` that is never visible by name: unnamed when the system
    /// allows it, else created and unlinked at once; open for reading and writing. `nil` with
    /// `errno` set.
    package static func makeScratchFile(in folder: String) -> Int32? {
        if let descriptor = makeUnnamedFile(in: folder, readable: true) { return descriptor }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard let (descriptor, path) = makeTemporaryFile(base + "rampart-hold-XXXXXX") else { return nil }
        unlink(path)
        return descriptor
    }

    /// Gives the unnamed file open as `descriptor` the name `path`; fails with `EEXIST` when
    /// something already has that name (it is never replaced). Returns 0 or -1 with `errno` set.
    package static func linkUnnamed(_ descriptor: Int32, to path: String) -> Int32 {
        #if os(Linux)
            return linkat(AT_FDCWD, procPath(descriptor), AT_FDCWD, path, AT_SYMLINK_FOLLOW)
        #else
            errno = ENOTSUP
            return -1
        #endif
    }

    private static func procPath(_ descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }

    /// The target of the symbolic link at `path`, or `nil`.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The text of an `errno` value.
    package static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
