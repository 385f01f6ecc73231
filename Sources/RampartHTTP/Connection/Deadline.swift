import NIOCore
import RampartPolicy

/// The total deadline of an exchange, and the budget it leaves each phase: a phase gets its own
/// timeout, or what remains of the total when that is shorter (then a timeout is reported as the
/// total's).
struct Deadline: Sendable {
    let end: NIODeadline
    let total: Duration

    init(total: Duration) {
        self.total = total
        end = .now() + TimeAmount(total)
    }

    /// The time `phase` may take, and the error to report when it runs out.
    func budget(_ phase: HTTPPhase, _ limit: Duration, endpoint: Endpoint) -> (TimeAmount, HTTPClientError) {
        let remaining = end - .now()
        let own = TimeAmount(limit)
        if remaining < own {
            return (max(remaining, .zero), .timeout(.total, after: total, endpoint))
        }
        return (own, .timeout(phase, after: limit, endpoint))
    }
}
