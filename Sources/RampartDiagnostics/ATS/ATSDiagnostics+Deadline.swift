import Foundation
import RampartPolicy

extension ATSDiagnostics {
    /// `work`'s result, or ``ATSDiagnosticsError/timedOut(_:after:running:)`` naming the jobs still
    /// in `jobs` when `maxTime` passes first; the work is then cancelled and not waited for (each
    /// of its requests and probes ends within its own timeout).
    static func within(
        _ maxTime: Duration, endpoint: Endpoint, jobs: RunningJobs,
        _ work: @escaping @Sendable () async -> Result<ATSDiagnosis, ATSDiagnosticsError>
    ) async -> Result<ATSDiagnosis, ATSDiagnosticsError> {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let timer = Task { try await Task.sleep(for: maxTime) }
            let running = Task {
                let result = await work()
                timer.cancel()
                once.resume(result)
            }
            Task {
                guard (try? await timer.value) != nil else { return }
                once.resume(.failure(.timedOut(endpoint, after: maxTime, running: jobs.running)))
                running.cancel()
            }
        }
    }

    /// A continuation resumed by whichever of the work and the timer comes first.
    private final class ResumeOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Result<ATSDiagnosis, ATSDiagnosticsError>, Never>?

        init(_ continuation: CheckedContinuation<Result<ATSDiagnosis, ATSDiagnosticsError>, Never>) {
            self.continuation = continuation
        }

        func resume(_ result: Result<ATSDiagnosis, ATSDiagnosticsError>) {
            let waiting = lock.withLock {
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(returning: result)
        }
    }
}
