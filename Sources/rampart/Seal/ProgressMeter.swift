import Foundation

/// A progress bar on standard error for large files: only on a terminal, never with `NO_COLOR`,
/// redrawn at most ten times a second and erased when done.
final class ProgressMeter: @unchecked Sendable {
    private let total: Int
    private let started = Date()
    private var done = 0
    private var lastDraw = Date.distantPast
    private let enabled: Bool

    /// A meter for `total` bytes, shown only when worth it (64 MiB or more) and allowed.
    init?(total: Int?) {
        guard let total, total >= 64 << 20, Terminal.allowsColour(fileDescriptor: STDERR_FILENO) else { return nil }
        self.total = total
        self.enabled = true
    }

    func advance(_ bytes: Int) {
        done += bytes
        let now = Date()
        guard enabled, now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let width = 30
        let filled = Int(fraction * Double(width))
        let rate = Double(done) / max(now.timeIntervalSince(started), 0.001) / 1_048_576
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Terminal.draw(String(format: "\r%@ %3.0f%% %6.0f MiB/s", bar, fraction * 100, rate))
    }

    /// ``advance(_:)`` as a closure, for the library's `progress:` parameters.
    var callback: (Int) -> Void { { [self] in advance($0) } }

    func finish() {
        guard enabled else { return }
        Terminal.draw("\r\u{1B}[2K")
    }
}
