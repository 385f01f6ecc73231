import NIOConcurrencyHelpers
import NIOCore

/// Idle kept-alive connections by ``ConnectionKey``, each closed after the idle lifetime; and the
/// one HTTP/2 connection per key that requests share while it takes new streams.
final class ConnectionPool: Sendable {
    private let idle = NIOLockedValueBox<[ConnectionKey: [HTTPConnection]]>([:])
    private let multiplexed = NIOLockedValueBox<[ConnectionKey: HTTP2Connection]>([:])
    /// Keys with a connection being opened that may turn out HTTP/2: other requests for the key
    /// wait for it rather than open their own.
    private let opening = NIOLockedValueBox<[ConnectionKey: EventLoopFuture<Void>]>([:])
    /// Keys whose last new connection selected HTTP/1.1: requests do not wait for one another.
    private let speaksHTTP1 = NIOLockedValueBox<Set<ConnectionKey>>([])
    private let closed = NIOLockedValueBox(false)
    private let maxPerKey: Int
    private let lifetime: TimeAmount

    init(maxPerKey: Int, lifetime: TimeAmount) {
        self.maxPerKey = maxPerKey
        self.lifetime = lifetime
    }

    /// An idle connection for `key` that is still open, if there is one.
    func take(_ key: ConnectionKey) async -> HTTPConnection? {
        while let candidate = idle.withLockedValue({ $0[key]?.popLast() }) {
            if await candidate.claim() { return candidate }
            candidate.close()
        }
        return nil
    }

    /// Keeps `connection` for reuse when it can carry another request and there is room;
    /// closes it otherwise.
    func put(_ connection: HTTPConnection) async {
        // An HTTP/2 stream carries one request; its connection stays with the other streams.
        guard connection.multiplexedOn == nil, await connection.park() else {
            connection.close()
            return
        }
        let kept = idle.withLockedValue { idle -> Bool in
            guard !closed.withLockedValue({ $0 }), idle[connection.key, default: []].count < maxPerKey else {
                return false
            }
            idle[connection.key, default: []].append(connection)
            return true
        }
        guard kept else {
            connection.close()
            return
        }
        let key = connection.key
        connection.eventLoop.scheduleTask(in: lifetime) { [weak self] in
            let expired = self?.idle.withLockedValue { idle -> Bool in
                guard let index = idle[key]?.firstIndex(where: { $0 === connection }) else { return false }
                idle[key]?.remove(at: index)
                return true
            }
            if expired == true { connection.close() }
        }
    }

    /// The HTTP/2 connection for `key`, if one takes new streams.
    func http2(_ key: ConnectionKey) -> HTTP2Connection? {
        multiplexed.withLockedValue { connections in
            guard let connection = connections[key] else { return nil }
            if connection.isUsable { return connection }
            connections[key] = nil
            return nil
        }
    }

    /// Shares `connection` for its key until it drains, fails or closes; `false` (and the
    /// connection shut down) when the pool is closed.
    @discardableResult
    func register(_ connection: HTTP2Connection) -> Bool {
        let key = connection.key
        speaksHTTP1.withLockedValue { _ = $0.remove(key) }
        let kept = multiplexed.withLockedValue { connections -> Bool in
            guard !closed.withLockedValue({ $0 }) else { return false }
            connections[key] = connection
            return true
        }
        guard kept else {
            connection.shutdown()
            return false
        }
        connection.whenRetired { [weak self] retired in
            self?.multiplexed.withLockedValue { connections in
                if connections[key] === retired { connections[key] = nil }
            }
        }
        return true
    }

    /// Notes that `key`'s server chose HTTP/1.1, so its requests open connections side by side.
    func noteHTTP1(_ key: ConnectionKey) {
        _ = speaksHTTP1.withLockedValue { $0.insert(key) }
    }

    /// A connection being opened for `key` that the caller should wait for, if any; otherwise
    /// the caller becomes the opener and gets the promise to complete when it is done.
    func opening(_ key: ConnectionKey, on loop: any EventLoop) -> (
        wait: EventLoopFuture<Void>?, lead: EventLoopPromise<Void>?
    ) {
        if speaksHTTP1.withLockedValue({ $0.contains(key) }) { return (nil, nil) }
        return opening.withLockedValue { opening in
            if let pending = opening[key] { return (pending, nil) }
            let promise = loop.makePromise(of: Void.self)
            opening[key] = promise.futureResult
            return (nil, promise)
        }
    }

    /// The opener of `key`'s connection is done (whatever the outcome).
    func opened(_ key: ConnectionKey, _ promise: EventLoopPromise<Void>?) {
        guard let promise else { return }
        opening.withLockedValue { opening in
            if opening[key] === promise.futureResult { opening[key] = nil }
        }
        promise.succeed(())
    }

    /// Closes every idle connection and refuses new ones.
    func shutdown() {
        let sharing = multiplexed.withLockedValue { connections in
            defer { connections = [:] }
            return Array(connections.values)
        }
        for connection in sharing { connection.shutdown() }
        closed.withLockedValue { $0 = true }
        let all = idle.withLockedValue { idle in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for connection in all { connection.close() }
    }
}
