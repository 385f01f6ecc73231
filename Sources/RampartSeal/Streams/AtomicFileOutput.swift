import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ByteSink`` that writes to a hidden temporary file beside the destination and moves it into
/// place only on ``commit()``. Until then the destination is untouched; if the output is dropped
/// without a commit (an error, a failed authentication), the temporary file is removed, so no
/// partial or unauthenticated output is ever left behind.
///
/// ```swift
/// let output = try AtomicFileOutput(path: "plain.txt", replacing: false)
/// var sink = output
/// try Age.decrypt(from: &source, to: &sink, identities: identities)
/// try output.commit()
/// ```
public final class AtomicFileOutput: ByteSink, @unchecked Sendable {
    /// Where the output goes on commit.
    public let destination: String
    /// The temporary file being written.
    public let temporaryPath: String
    private let replacing: Bool
    private var descriptor: Int32
    private var sink: FileSink
    private var finished = false

    /// Paths of temporary files not yet committed or removed, for signal handlers.
    nonisolated(unsafe) private static var pending: Set<String> = []
    private static let lock = NSLock()

    /// Prepares to write `path`; created with `mode` (0600 by default). When `replacing` is false
    /// an existing file at `path` is an error now and again at commit time.
    public init(path: String, replacing: Bool, mode: mode_t = 0o600) throws(SealError) {
        if !replacing && FileManager.default.fileExists(atPath: path) {
            throw .cannotCreateOutput("\(path) already exists; choose another name or pass --force to replace it")
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard
            let (descriptor, temporaryPath) = SystemCalls.makeTemporaryFile(
                folder + "/." + url.lastPathComponent + ".rampart-XXXXXX")
        else {
            throw .cannotCreateOutput("cannot create a file in \(folder) (\(SystemCalls.describe(errno)))")
        }
        fchmod(descriptor, mode)
        self.temporaryPath = temporaryPath
        self.destination = path
        self.replacing = replacing
        self.descriptor = descriptor
        self.sink = FileSink(fileDescriptor: descriptor, name: path)
        Self.lock.withLock { _ = Self.pending.insert(temporaryPath) }
    }

    public func write(_ bytes: Data) throws(SealError) {
        guard !finished else { throw .io("\(destination): written after it was committed or discarded") }
        try sink.write(bytes)
    }

    /// Moves the temporary file to the destination (flushing it to disk first when it replaces a file).
    public func commit() throws(SealError) {
        guard !finished else { return }
        finished = true
        defer { Self.lock.withLock { _ = Self.pending.remove(temporaryPath) } }
        // Replacing a file: flush first, so a crash cannot leave the old contents gone and the
        // new ones unwritten. A new file needs no flush: its input still exists until the caller
        // decides otherwise, and skipping it keeps large outputs as fast as `cp` or `age`.
        guard (!replacing || fsync(descriptor) == 0), close(descriptor) == 0 else {
            let reason = SystemCalls.describe(errno)
            unlink(temporaryPath)
            throw .io("\(destination): cannot be flushed to disk (\(reason))")
        }
        descriptor = -1
        if replacing {
            guard rename(temporaryPath, destination) == 0 else {
                let reason = SystemCalls.describe(errno)
                unlink(temporaryPath)
                throw .cannotCreateOutput("\(destination): cannot be replaced (\(reason))")
            }
        } else {
            // link() refuses to replace an existing file, so a file that appeared meanwhile survives.
            guard link(temporaryPath, destination) == 0 else {
                let code = errno
                unlink(temporaryPath)
                if code == EEXIST {
                    throw .cannotCreateOutput("\(destination) appeared while writing; pass --force to replace it")
                }
                throw .cannotCreateOutput("\(destination): cannot be created (\(SystemCalls.describe(code)))")
            }
            unlink(temporaryPath)
        }
    }

    /// Removes the temporary file; the destination stays as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
        Self.lock.withLock { _ = Self.pending.remove(temporaryPath) }
    }

    /// Removes every uncommitted temporary file; for a SIGINT/SIGTERM handler before exiting.
    public static func discardAllPending() {
        lock.withLock {
            for path in pending { unlink(path) }
            pending.removeAll()
        }
    }

    deinit { discard() }
}
