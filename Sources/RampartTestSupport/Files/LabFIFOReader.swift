import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads everything written into a FIFO on a thread of its own, without ever blocking forever:
/// the FIFO is opened non-blocking (so a writer's open succeeds at once) and read until its
/// writer closes it or `timeout` seconds pass, whichever comes first.
///
/// ```swift
/// let reader = try LabFIFOReader(path: fifo)
/// … write into the FIFO …
/// let received = reader.finish()
/// ```
public final class LabFIFOReader: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var collected = Data()
    private var sawEnd = false
    private let done = DispatchSemaphore(value: 0)

    /// The FIFO could not be opened for reading.
    public struct OpenFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens `path` (non-blocking) and starts reading it on a thread of its own for at most `timeout` seconds.
    public init(path: String, timeout: Double = 60) throws {
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenFailure(description: "cannot open \(path) for reading: errno \(errno)") }
        let thread = Thread { [self] in
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while Date() < deadline {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                // Linux reports POLLHUP only once a writer has come and gone.
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    lock.withLock { collected.append(contentsOf: buffer[0..<count]) }
                } else if count == 0 || errno != EAGAIN {
                    lock.withLock { sawEnd = true }
                    break
                }
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the writer to close the FIFO (or the timeout) and returns what arrived, and
    /// whether a writer closed it (false: nobody ever wrote and closed it before the timeout).
    public func finish() -> (data: Data, closedByWriter: Bool) {
        done.wait()
        close(descriptor)
        return lock.withLock { (collected, sawEnd) }
    }
}
