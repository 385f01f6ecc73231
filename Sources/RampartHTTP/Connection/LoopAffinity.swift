import NIOCore
import RampartTrust
import RampartTrustNIO

/// Gives each connection key one event loop and runs the request's task on that loop's thread
/// (where task executors exist), so every await on the connection — write, read, pool — resumes
/// without a hop to Swift's global executor and back.
struct LoopAffinity: Sendable {
    let loops: [any EventLoop]
    /// One `EventLoopTaskExecutor` per loop (stored untyped: the type needs macOS 15 / iOS 18).
    private let executors: [any Sendable]

    init(group: any EventLoopGroup) {
        var loops: [any EventLoop] = []
        for loop in group.makeIterator() { loops.append(loop) }
        if loops.isEmpty { loops = [group.next()] }
        self.loops = loops
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            executors = loops.map { EventLoopTaskExecutor($0) }
        } else {
            executors = []
        }
    }

    func loop(for key: ConnectionKey) -> any EventLoop {
        loops[Int(UInt(bitPattern: key.hashValue) % UInt(loops.count))]
    }

    /// Runs `body` with the task preferring `loop`'s thread.
    func run<T>(on loop: any EventLoop, _ body: () async throws(HTTPClientError) -> T) async throws(HTTPClientError)
        -> T
    {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let index = loops.firstIndex(where: { $0 === loop }),
            let executor = executors[index] as? EventLoopTaskExecutor
        {
            return try await withTaskExecutorPreference(executor, operation: body)
        }
        return try await body()
    }
}
