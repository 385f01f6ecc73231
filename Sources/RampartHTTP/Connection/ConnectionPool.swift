import NIOConcurrencyHelpers
import NIOCore

/// Idle kept-alive connections by ``ConnectionKey``, each closed after the idle lifetime.
final class ConnectionPool: Sendable {
    private let idle = NIOLockedValueBox<[ConnectionKey: [HTTPConnection]]>([:])
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
        guard await connection.park() else {
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

    /// Closes every idle connection and refuses new ones.
    func shutdown() {
        closed.withLockedValue { $0 = true }
        let all = idle.withLockedValue { idle in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for connection in all { connection.close() }
    }
}
