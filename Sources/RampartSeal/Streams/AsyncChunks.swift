import Foundation

/// An `AsyncSequence` of the chunks a streaming operation writes, produced on a thread of its own
/// and held back until the consumer asks, so memory stays at a couple of chunks whatever the size.
///
/// ```swift
/// for try await chunk in Age.decryptedChunks(of: "big.age", identities: [identity]) {
///     try handle.write(contentsOf: chunk)
/// }
/// ```
public struct AsyncChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    private let produce: @Sendable (inout ChunkSink) throws(SealError) -> Void

    /// A sequence whose chunks are what `produce` writes to its sink.
    public init(_ produce: @escaping @Sendable (inout ChunkSink) throws(SealError) -> Void) {
        self.produce = produce
    }

    /// The sink handed to the producer: each write waits until the consumer has taken the
    /// previous chunk.
    public struct ChunkSink: ByteSink {
        fileprivate let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        fileprivate let demand: DispatchSemaphore
        fileprivate let cancelled: CancellationFlag

        public mutating func write(_ bytes: Data) throws(SealError) {
            guard !cancelled.isSet else { throw .io("the consumer stopped reading") }
            continuation.yield(bytes)
            demand.wait()
            guard !cancelled.isSet else { throw .io("the consumer stopped reading") }
        }
    }

    fileprivate final class CancellationFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        fileprivate let demand: DispatchSemaphore

        public mutating func next() async throws -> Data? {
            let chunk = try await base.next()
            if chunk != nil { demand.signal() }
            return chunk
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let demand = DispatchSemaphore(value: 0)
        let cancelled = CancellationFlag()
        let produce = self.produce
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.onTermination = { _ in
                cancelled.set()
                demand.signal()
            }
            let thread = Thread {
                var sink = ChunkSink(continuation: continuation, demand: demand, cancelled: cancelled)
                do {
                    try produce(&sink)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            thread.start()
        }
        return AsyncIterator(base: stream.makeAsyncIterator(), demand: demand)
    }
}
