import Foundation

/// `rampart scan`'s progress: one line on standard error, redrawn in place, only when standard error is a
/// terminal (and `NO_COLOR` is not set) and the tree is big enough for a wait to be noticed.
enum ScanProgressLine {
    /// The engine's progress observer, or nil when no progress is shown.
    static func reporter(threshold: Int) -> (@Sendable (Int, Int) -> Void)? {
        guard Terminal.allowsColour(fileDescriptor: STDERR_FILENO) else { return nil }
        return { done, total in
            guard total >= threshold else { return }
            Terminal.draw("\r\u{1B}[2Kscanning: \(done)/\(total) files")
        }
    }

    /// Removes the progress line, if one was drawn.
    static func clear() {
        if Terminal.allowsColour(fileDescriptor: STDERR_FILENO) { Terminal.draw("\r\u{1B}[2K") }
    }
}
