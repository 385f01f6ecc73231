import Foundation

/// Counts the files the scan's threads finished and tells the configured observer, at most every 64 files.
final class ScanProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func advance() {
        guard let report else { return }
        let now = lock.withLock {
            done += 1
            return done
        }
        if now % 64 == 0 && now < total { report(now, total) }
    }

    func finish() { report?(total, total) }
}
