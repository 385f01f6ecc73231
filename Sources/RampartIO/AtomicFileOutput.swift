import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output file that appears only on ``commit()``, complete, or never.
///
/// Until the commit nothing has the destination's name. The bytes go to an *unnamed* file in the
/// destination's folder (`O_TMPFILE`), which no listing shows and which vanishes with the process
/// however it ends, SIGKILL included; ``commit()`` gives it its name with `linkat`, which never
/// replaces anything, or, when `replacing`, links it under a hidden name, flushes it and `rename`s
/// it over the destination. Where the file system cannot make unnamed files (or off Linux), a
/// hidden `.NAME.rampart-XXXXXX` file beside the destination is used instead and removed on every
/// path but a process death; ``discardAllPending()`` removes those from a signal handler. An output
/// that must not outlive a kill before it is verified (`namelessUntilCommit`: a decrypted or opened
/// message) keeps no name there either: its file is unlinked as soon as it is made and copied under
/// the hidden name only by ``commit()``.
///
/// A new file's mode is `mode` less the group and other bits of the process's umask
/// (``FileCreationMask``): 0644 is 0640 under `umask 027`; the default 0600 stays 0600.
///
/// A destination that exists and is not a regular file is never replaced (see the rule below):
/// a FIFO or a character device (`/dev/null`, a terminal, `/dev/stdout` when it is a pipe) is
/// written straight into, without `O_CREAT` or `O_TRUNC`, so bytes reach its reader as they are
/// written and ``discard()`` cannot take them back (``writesThrough`` tells); a directory, a
/// socket or a block device is refused with ``IOError/Code/cannotCreate``.
///
/// | the path is | the output |
/// |---|---|
/// | missing | a new file (`mode` less the umask's group and other bits, 0600 by default), named only when complete |
/// | a regular file | refused, or with `replacing` replaced by `rename` when complete |
/// | a symbolic link to a regular file, or dangling | as a regular file: `replacing` replaces the link itself (what `rename` does), never the file it points to |
/// | a FIFO, a character device, or a link to one | written into in place; `replacing` is not needed |
/// | a directory, a socket, a block device, or a link to one | refused |
/// | a link into `/proc` naming a regular file (`/dev/stdout` redirected to a file) | refused |
///
/// ```swift
/// let output = try AtomicFileOutput(path: "plain.txt", replacing: false)
/// try output.write(Data("hello\n".utf8))
/// try output.commit()
/// ```
package final class AtomicFileOutput: ByteSink, @unchecked Sendable {
    package typealias Failure = IOError

    /// Where the output goes on commit.
    package let destination: String
    /// The hidden temporary file being written, when it has a name: empty for an unnamed or
    /// unlinked file (the usual case on Linux) and for a destination written straight into.
    package let temporaryPath: String
    /// Whether the destination is a FIFO or character device written in place: what was written
    /// has reached its reader and ``discard()`` cannot withdraw it. Formats that authenticate only
    /// at the end hold their output elsewhere first (``OutputDestination`` does).
    package var writesThrough: Bool { storage == .inPlace }

    private enum Storage: Equatable {
        /// An `O_TMPFILE` file in `folder`, named on commit.
        case unnamed(folder: String)
        /// A `mkstemp` file in `folder` unlinked at once, copied under a hidden name on commit.
        case unlinked(folder: String)
        /// A hidden `mkstemp` file at ``temporaryPath``.
        case named
        /// The destination itself, a FIFO or a character device.
        case inPlace
    }

    private let replacing: Bool
    private let storage: Storage
    /// The new file's permissions, the umask applied.
    private let permissions: mode_t
    private var descriptor: Int32
    private var finished = false

    /// Paths of named temporary files not yet committed or removed, for signal handlers.
    nonisolated(unsafe) private static var pending: Set<String> = []
    private static let lock = NSLock()

    /// Prepares to write `path`; a new file is created with `mode` (0600 by default) less the
    /// group and other bits of the umask. When `replacing` is false an existing file or link at
    /// `path` is an error now and again at commit time. A FIFO or character device at `path` is
    /// opened for writing now (an open of a FIFO waits for its reader). With `namelessUntilCommit`,
    /// where unnamed files are unavailable, the output is written to a file unlinked as soon as it
    /// is made and copied under a hidden name on commit (so written twice), instead of being
    /// written under the hidden name: what a kill leaves behind then is never unverified output.
    package init(
        path: String, replacing: Bool, mode: mode_t = 0o600, namelessUntilCommit: Bool = false
    ) throws(IOError) {
        let target = try OutputTarget.inspect(path)
        self.destination = path
        self.replacing = replacing
        self.permissions = FileCreationMask.permissions(mode)
        switch target {
        case .writeThrough(let kind):
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                let code = errno
                throw IOError(
                    .cannotCreate, .open, path: path, systemCall: "open", errno: code,
                    message: "\(path) is \(kind) and cannot be opened for writing (\(SystemCalls.describe(code)))")
            }
            // Checked again on what was opened: a path swapped for a regular file meanwhile would
            // otherwise be written over in place.
            var info = stat()
            let opened = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
            guard opened == S_IFCHR || (opened == S_IFIFO && info.st_uid == geteuid()) else {
                close(descriptor)
                throw IOError(
                    .cannotCreate, .open, path: path,
                    message: "\(path) changed while it was being opened; nothing was written")
            }
            self.storage = .inPlace
            self.temporaryPath = ""
            self.descriptor = descriptor
        case .existing where !replacing:
            throw IOError(.alreadyExists, .create, path: path, message: "\(path) already exists")
        case .absent, .existing:
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            let template = folder + "/." + url.lastPathComponent + ".rampart-XXXXXX"
            if let descriptor = SystemCalls.makeUnnamedFile(in: folder) {
                self.storage = .unnamed(folder: folder)
                self.temporaryPath = ""
                self.descriptor = descriptor
            } else if namelessUntilCommit, let (descriptor, made) = SystemCalls.makeTemporaryFile(template) {
                // Named only between these two calls, and empty then.
                unlink(made)
                self.storage = .unlinked(folder: folder)
                self.temporaryPath = ""
                self.descriptor = descriptor
            } else if let (descriptor, temporaryPath) = SystemCalls.makeTemporaryFile(template) {
                self.storage = .named
                self.temporaryPath = temporaryPath
                self.descriptor = descriptor
                Self.lock.withLock { _ = Self.pending.insert(temporaryPath) }
            } else {
                let code = errno
                throw IOError(
                    .cannotCreate, .create, path: path, systemCall: "mkstemp", errno: code,
                    message: "cannot create a file in \(folder) (\(SystemCalls.describe(code)))")
            }
            fchmod(descriptor, permissions)
        }
    }

    package func write(_ bytes: Data) throws(IOError) {
        guard !finished else {
            throw IOError(
                .ioFailure, .write, path: destination,
                message: "\(destination): written after it was committed or discarded")
        }
        try FileDescriptorIO.write(bytes, to: descriptor, name: destination)
    }

    /// Gives the output its name: links a new file into place, or replaces the old one (flushing
    /// the new one to disk first); for a FIFO or device, closes it.
    package func commit() throws(IOError) {
        guard !finished else { return }
        finished = true
        switch storage {
        case .inPlace:
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else {
                let code = errno
                throw IOError(
                    .ioFailure, .close, path: destination, systemCall: "close", errno: code,
                    message: "\(destination): closing failed (\(SystemCalls.describe(code)))")
            }
        case .unnamed(let folder):
            defer {
                close(descriptor)
                descriptor = -1
            }
            try flushIfReplacing()
            if replacing {
                let hidden = try linkUnderHiddenName(in: folder)
                Self.lock.withLock { _ = Self.pending.insert(hidden) }
                defer { Self.lock.withLock { _ = Self.pending.remove(hidden) } }
                try moveIntoPlace(hidden)
            } else {
                guard SystemCalls.linkUnnamed(descriptor, to: destination) == 0 else {
                    throw creationFailure(errno, systemCall: "linkat")
                }
            }
        case .unlinked(let folder):
            let hidden = try copyUnderHiddenName(in: folder)
            defer { Self.lock.withLock { _ = Self.pending.remove(hidden) } }
            try commitNamed(hidden)
        case .named:
            defer { Self.lock.withLock { _ = Self.pending.remove(temporaryPath) } }
            try commitNamed(temporaryPath)
        }
    }

    /// Gives the complete file at `path`, open as ``descriptor``, the destination's name (removing
    /// it on failure).
    private func commitNamed(_ path: String) throws(IOError) {
        do throws(IOError) {
            try flushIfReplacing()
        } catch {
            close(descriptor)
            descriptor = -1
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            descriptor = -1
            unlink(path)
            throw IOError(
                .ioFailure, .close, path: destination, systemCall: "close", errno: code,
                message: "\(destination): cannot be written to disk (\(SystemCalls.describe(code)))")
        }
        descriptor = -1
        if replacing {
            try moveIntoPlace(path)
        } else {
            // link() refuses to replace an existing file, so a file that appeared meanwhile survives.
            let linked = link(path, destination)
            let code = errno
            unlink(path)
            guard linked == 0 else { throw creationFailure(code, systemCall: "link") }
        }
    }

    /// Copies the unlinked file into a new hidden file beside the destination, which becomes
    /// ``descriptor`` (the unlinked one is closed, and vanishes); returns the hidden file's path,
    /// listed in ``pending`` for the signal handlers.
    private func copyUnderHiddenName(in folder: String) throws(IOError) -> String {
        let unlinked = descriptor
        descriptor = -1
        defer { close(unlinked) }
        let name = URL(fileURLWithPath: destination).lastPathComponent
        guard let (copy, hidden) = SystemCalls.makeTemporaryFile(folder + "/." + name + ".rampart-XXXXXX") else {
            let code = errno
            throw IOError(
                .cannotCreate, .create, path: destination, systemCall: "mkstemp", errno: code,
                message: "cannot create a file in \(folder) (\(SystemCalls.describe(code)))")
        }
        Self.lock.withLock { _ = Self.pending.insert(hidden) }
        do throws(IOError) {
            fchmod(copy, permissions)
            guard lseek(unlinked, 0, SEEK_SET) == 0 else {
                let code = errno
                throw IOError(
                    .ioFailure, .seek, path: destination, systemCall: "lseek", errno: code,
                    message: "\(destination): cannot be read back (\(SystemCalls.describe(code)))")
            }
            while true {
                let chunk = try FileDescriptorIO.read(unlinked, name: destination, upTo: 1 << 20)
                if chunk.isEmpty { break }
                try FileDescriptorIO.write(chunk, to: copy, name: destination)
            }
        } catch {
            close(copy)
            unlink(hidden)
            Self.lock.withLock { _ = Self.pending.remove(hidden) }
            throw error
        }
        descriptor = copy
        return hidden
    }

    /// Replacing a file: flush first, so a crash cannot leave the old contents gone and the new
    /// ones unwritten. A new file needs no flush: its input still exists until the caller decides
    /// otherwise, and skipping it keeps large outputs as fast as `cp` or `age`.
    private func flushIfReplacing() throws(IOError) {
        guard replacing, fsync(descriptor) != 0 else { return }
        let code = errno
        throw IOError(
            .ioFailure, .flush, path: destination, systemCall: "fsync", errno: code,
            message: "\(destination): cannot be flushed to disk (\(SystemCalls.describe(code)))")
    }

    /// Links the unnamed file under a fresh hidden name beside the destination, for `rename`.
    private func linkUnderHiddenName(in folder: String) throws(IOError) -> String {
        let name = URL(fileURLWithPath: destination).lastPathComponent
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let hidden = folder + "/." + name + ".rampart-" + suffix
            if SystemCalls.linkUnnamed(descriptor, to: hidden) == 0 { return hidden }
            guard errno == EEXIST else { break }
        }
        let code = errno
        throw IOError(
            .cannotCreate, .link, path: destination, systemCall: "linkat", errno: code,
            message: "\(destination): cannot be created (\(SystemCalls.describe(code)))")
    }

    /// Renames the complete file at `path` over the destination (removing it on failure).
    private func moveIntoPlace(_ path: String) throws(IOError) {
        // Checked again at the last moment: the destination may have become a FIFO or a device.
        if case .writeThrough(let kind) = try? OutputTarget.inspect(destination) {
            unlink(path)
            throw IOError(
                .cannotCreate, .rename, path: destination,
                message: "\(destination) became \(kind) while writing; it was left as it is")
        }
        guard rename(path, destination) == 0 else {
            let code = errno
            unlink(path)
            throw IOError(
                .cannotCreate, .rename, path: destination, systemCall: "rename", errno: code,
                message: "\(destination): cannot be replaced (\(SystemCalls.describe(code)))")
        }
    }

    private func creationFailure(_ code: Int32, systemCall: String) -> IOError {
        if code == EEXIST {
            return IOError(
                .alreadyExists, .link, path: destination, systemCall: systemCall, errno: code,
                message: "\(destination) appeared while writing; it was left as it is")
        }
        return IOError(
            .cannotCreate, .link, path: destination, systemCall: systemCall, errno: code,
            message: "\(destination): cannot be created (\(SystemCalls.describe(code)))")
    }

    /// Drops the output: an unnamed file vanishes, a named temporary file is removed, a FIFO or
    /// device is closed (what it received stays received). The destination stays as it was.
    package func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        descriptor = -1
        if storage == .named {
            unlink(temporaryPath)
            Self.lock.withLock { _ = Self.pending.remove(temporaryPath) }
        }
    }

    /// Removes every named temporary file not yet committed or discarded; for a signal handler
    /// before exiting. (Unnamed files need nothing: they vanish with the process.)
    package static func discardAllPending() {
        lock.withLock {
            for path in pending { unlink(path) }
            pending.removeAll()
        }
    }

    deinit { discard() }
}
