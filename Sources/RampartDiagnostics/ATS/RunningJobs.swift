import Foundation

/// The names of the jobs of a diagnosis that have started and not finished, in the order they
/// started: what an overall deadline reports as still running.
final class RunningJobs: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    /// Runs `body` as the job `name`: listed while it runs.
    func run<Output>(_ name: String, _ body: () async -> Output) async -> Output {
        lock.withLock { names.append(name) }
        defer {
            lock.withLock {
                if let index = names.firstIndex(of: name) { names.remove(at: index) }
            }
        }
        return await body()
    }

    /// The jobs running now.
    var running: [String] { lock.withLock { names } }
}
