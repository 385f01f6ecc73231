import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import RampartPolicy

/// A response body, read from the connection as it is consumed: the client holds at most one
/// socket read ahead, enforces ``HTTPLimits/maxResponseBytes`` and the idle and total timeouts,
/// and keeps the connection alive once the body ends.
///
/// ```swift
/// var total = 0
/// for try await slice in response.body { total += slice.readableBytes }
/// let bytes = try await response.body.collect()   // or everything at once (within the limit)
/// ```
public struct HTTPResponseBody: AsyncSequence, Sendable {
    public typealias Element = ByteBuffer
    public typealias Failure = HTTPClientError

    let stream: BodyStream

    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: BodyStream

        public mutating func next() async throws(HTTPClientError) -> ByteBuffer? {
            try await stream.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPClientError) -> ByteBuffer? {
            try await stream.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: stream) }

    /// The trailer fields the server sent after the body (HTTP/2 trailers, or a chunked HTTP/1.1
    /// body's trailer section): `nil` until the body was read to its end, or when there were none.
    ///
    /// ```swift
    /// let bytes = try await response.body.collect()
    /// let checksum = response.body.trailers?.first(name: "X-Checksum")
    /// ```
    public var trailers: HTTPHeaders? { stream.trailers }

    /// The whole body as bytes (bounded by ``HTTPLimits/maxResponseBytes``).
    public func collect() async throws(HTTPClientError) -> [UInt8] {
        if let whole = stream.takeWholePrefetched() { return whole }
        return try await stream.onLoop { () async throws(HTTPClientError) -> [UInt8] in
            var bytes: [UInt8] = []
            while let slice = try await stream.next() { bytes += slice.readableBytesView }
            return bytes
        }
    }

    /// Reads and drops the rest of the body so the connection can be reused; a body longer than
    /// 64 KiB is not worth reading: the connection is closed instead.
    public func discard() async {
        var skipped = 0
        do {
            while let slice = try await stream.next() {
                skipped += slice.readableBytes
                if skipped > 64 << 10 {
                    stream.abandon()
                    return
                }
            }
        } catch {
            stream.abandon()
        }
    }
}

/// The state behind a response body; releases the connection when the body ends, closes it when
/// the body fails or is dropped unread.
final class BodyStream: Sendable {
    private let connection: HTTPConnection
    private let pool: ConnectionPool
    private let affinity: LoopAffinity
    private let limit: Int
    private let idle: Duration
    private let deadline: Deadline
    private let endpoint: Endpoint
    private let keepAlive: Bool
    /// Decodes a `gzip`/`deflate` body between the connection and the reader, when asked.
    private let decoder: BodyDecoding?
    private struct State {
        var received: Int
        var finished = false
        /// The trailer fields that ended the body (HTTP/2, or chunked HTTP/1.1), once it ended.
        var trailers: HTTPHeaders?
        /// Body slices that arrived with the head, handed out before reading on.
        var prefetched: [ByteBuffer]
        /// The body ended with the head's read and the connection went back to the pool (or was
        /// closed): nothing more is read from it.
        var released: Bool
    }
    private let state: NIOLockedValueBox<State>

    init(
        connection: HTTPConnection, pool: ConnectionPool, affinity: LoopAffinity, limit: Int, idle: Duration,
        deadline: Deadline, keepAlive: Bool, prefetched: [ByteBuffer] = [], released: Bool = false,
        trailers: HTTPHeaders? = nil, decoder: BodyDecoding? = nil
    ) {
        self.decoder = decoder
        state = NIOLockedValueBox(
            State(
                received: prefetched.reduce(0) { $0 + $1.readableBytes }, trailers: trailers, prefetched: prefetched,
                released: released))
        self.connection = connection
        self.pool = pool
        self.affinity = affinity
        self.limit = limit
        self.idle = idle
        self.deadline = deadline
        self.endpoint = connection.key.endpoint
        self.keepAlive = keepAlive
    }

    deinit {
        let state = state.withLockedValue { $0 }
        if !state.finished && !state.released { connection.close() }
    }

    /// The whole body, when it all arrived with the head (no read, no thread hop).
    func takeWholePrefetched() -> [UInt8]? {
        if decoder != nil { return nil }
        return state.withLockedValue { state -> [UInt8]? in
            guard state.released, !state.finished else { return nil }
            state.finished = true
            var bytes: [UInt8] = []
            bytes.reserveCapacity(state.received)
            for slice in state.prefetched { bytes += slice.readableBytesView }
            state.prefetched = []
            return bytes
        }
    }

    func next() async throws(HTTPClientError) -> ByteBuffer? {
        guard let decoder else { return try await nextRaw() }
        while true {
            guard let raw = try await nextRaw() else {
                try decoder.finish(abandoning: self)
                return nil
            }
            let decoded = try decoder.decode(raw, abandoning: self)
            if decoded.readableBytes > 0 { return decoded }
        }
    }

    private func nextRaw() async throws(HTTPClientError) -> ByteBuffer? {
        enum Step {
            case slice(ByteBuffer)
            case done
            case read
        }
        let step = state.withLockedValue { state -> Step in
            if state.finished { return .done }
            if !state.prefetched.isEmpty { return .slice(state.prefetched.removeFirst()) }
            if state.released {
                state.finished = true
                return .done
            }
            return .read
        }
        switch step {
        case .slice(let slice): return slice
        case .done: return nil
        case .read: break
        }
        let (budget, timeout) = deadline.budget(.idle, idle, endpoint: endpoint)
        let part: HTTPClientResponsePart
        do {
            part = try await connection.nextPart(timeout: budget) { timeout }
        } catch {
            abandon()
            throw connection.translate(error, phase: .idle)
        }
        switch part {
        case .body(let slice):
            let received = state.withLockedValue { state in
                state.received += slice.readableBytes
                return state.received
            }
            if received > limit {
                abandon()
                throw .responseTooLarge(endpoint, limit: limit, declared: nil)
            }
            return slice
        case .end(let trailers):
            state.withLockedValue {
                $0.finished = true
                $0.trailers = trailers
            }
            if keepAlive { await pool.put(connection) } else { connection.close() }
            return nil
        case .head:
            abandon()
            throw .malformedResponse(endpoint, detail: "a second response head arrived inside the body")
        }
    }

    /// The trailer fields sent after the body, once it was read to its end.
    var trailers: HTTPHeaders? { state.withLockedValue { $0.trailers } }

    /// Runs `body` on the connection's event loop thread (no hop per read).
    func onLoop<T>(_ body: () async throws(HTTPClientError) -> T) async throws(HTTPClientError) -> T {
        try await affinity.run(on: connection.eventLoop, body)
    }

    /// Gives the connection up (closed, never reused) unless it was already released.
    func abandon() {
        let released = state.withLockedValue { state -> Bool in
            state.finished = true
            return state.released
        }
        if !released { connection.close() }
    }
}
