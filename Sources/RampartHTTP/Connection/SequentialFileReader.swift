import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a request body from a pipe, FIFO, terminal or device on a thread of its own.
///
/// Opening a FIFO waits for a writer and reading a pipe waits for data, without limit: done on an
/// event loop, that would stall every connection of the loop and the very timers that should end
/// the wait. Here each step runs on a private one-thread pool and the caller waits with its own
/// timeout; a read that never returns holds only that thread, which ends once the read returns.
final class SequentialFileReader: @unchecked Sendable {
    // `descriptor` is touched only by the pool's single thread, one work item at a time.
    private var descriptor: Int32 = -1
    private let path: String
    private let pool = NIOThreadPool(numberOfThreads: 1)

    init(path: String) {
        self.path = path
        pool.start()
    }

    /// Opens the file (waiting for a FIFO's writer).
    func open(on loop: any EventLoop) -> EventLoopFuture<Void> {
        pool.runIfActive(eventLoop: loop) { [self] in
            let opened = systemOpen(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                throw HTTPClientError.requestBodyFailed("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            descriptor = opened
        }
    }

    /// The next slice of at most `count` bytes; an empty buffer at the end of the input.
    func read(upTo count: Int, on loop: any EventLoop) -> EventLoopFuture<ByteBuffer> {
        pool.runIfActive(eventLoop: loop) { [self] in
            var buffer = ByteBuffer()
            buffer.reserveCapacity(count)
            while true {
                var failure: Int32 = 0
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { space in
                    let received = systemRead(descriptor, space.baseAddress, min(space.count, count))
                    if received < 0 { failure = errno }
                    return max(received, 0)
                }
                if failure == 0 { return buffer }
                guard failure == EINTR else {
                    throw HTTPClientError.requestBodyFailed(
                        "cannot read \(path): \(String(cString: strerror(failure)))")
                }
            }
        }
    }

    /// Closes the file once any read still running has returned, then lets the thread end.
    func close() {
        pool.submit { [self] _ in
            if descriptor >= 0 { _ = systemClose(descriptor) }
            descriptor = -1
        }
        pool.shutdownGracefully { _ in }
    }
}

// `open`, `read` and `close` named apart from the methods above.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
