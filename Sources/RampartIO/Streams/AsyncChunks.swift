import Foundation

/// An `AsyncSequence` of the chunks a streaming operation writes, produced on a thread of its own
/// and held back until the consumer asks, so memory stays at a couple of chunks whatever the size.
/// The sequence throws what the producer threw (RampartSeal's producers throw `SealError`).
///
/// ```swift
/// for try await chunk in Age.decryptedChunks(of: "big.age", identities: [identity]) {
///     try handle.write(contentsOf: chunk)
/// }
/// ```
public struct AsyncChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    private let produce: @Sendable (inout ChunkSink) throws -> Void

    /// A sequence whose chunks are what `produce` writes to its sink.
    ///
    /// ```swift
    /// let chunks = AsyncChunks { (sink: inout AsyncChunks.ChunkSink) throws(IOError) in
    ///     try sink.write(Data("one chunk".utf8))
    /// }
    /// ```
    public init<ProducerFailure: Error>(
        _ produce: @escaping @Sendable (inout ChunkSink) throws(ProducerFailure) -> Void
    ) {
        self.produce = { (sink: inout ChunkSink) throws in try produce(&sink) }
    }

    /// The sink handed to the producer: each write waits until the consumer has taken the
    /// previous chunk. When the consumer stopped iterating, a write throws
    /// ``IOError/Code/brokenPipe``, as a pipe whose reader went away does.
    public struct ChunkSink: ByteSink {
        public typealias Failure = IOError

        fileprivate let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        fileprivate let demand: DispatchSemaphore
        fileprivate let cancelled: CancellationFlag

        public mutating func write(_ bytes: Data) throws(IOError) {
            guard !cancelled.isSet else { throw Self.stopped }
            continuation.yield(bytes)
            demand.wait()
            guard !cancelled.isSet else { throw Self.stopped }
        }

        private static var stopped: IOError {
            IOError(.brokenPipe, .write, path: "the chunk sequence", message: "the consumer stopped reading")
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
