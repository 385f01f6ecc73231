/// Runs jobs concurrently, at most `limit` at a time, optionally until an overall deadline: the
/// one loop ATS diagnostics (its configurations) and pin health (its domains) share.
enum BoundedConcurrency {
    /// `body(0)…body(count - 1)`, results in index order; an index is `nil` when `deadline`
    /// passed before its job finished (running jobs are then cancelled, unstarted ones never start).
    static func map<Output: Sendable>(
        count: Int, limit: Int, deadline: Duration? = nil, _ body: @escaping @Sendable (Int) async -> Output
    ) async -> [Output?] {
        await withTaskGroup(of: Event<Output>.self) { group in
            var results: [Output?] = Array(repeating: nil, count: count)
            var next = 0
            var finished = 0
            func start() {
                let index = next
                next += 1
                group.addTask { .done(index, await body(index)) }
            }
            while next < min(max(1, limit), count) { start() }
            if let deadline, count > 0 {
                group.addTask {
                    try? await Task.sleep(for: deadline)
                    return .deadline
                }
            }
            while finished < count, let event = await group.next() {
                switch event {
                case .done(let index, let output):
                    results[index] = output
                    finished += 1
                    if next < count { start() }
                case .deadline:
                    group.cancelAll()
                    return results
                }
            }
            group.cancelAll()
            return results
        }
    }

    /// A job's result, or the deadline's alarm.
    private enum Event<Output: Sendable>: Sendable {
        case done(Int, Output)
        case deadline
    }
}
