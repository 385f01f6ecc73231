import Foundation
import RampartHTTP

/// The client's events of one `rampart fetch`, kept in order for `--format json` (the client calls
/// `onEvent` from its event loops, so the list is behind a lock).
final class FetchEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPClientEvent] = []

    func record(_ event: HTTPClientEvent) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(event)
    }

    var events: [HTTPClientEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
