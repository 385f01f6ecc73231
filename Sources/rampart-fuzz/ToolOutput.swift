// The fuzz tool's output lines, written with checked writes (a tool that cannot report is
// no better for it, but a full disk must not crash the replay that a test relies on).
import Foundation

enum ToolOutput {
    /// A line on standard output; exit 74 when it cannot be written.
    static func line(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
        } catch {
            exit(74)
        }
    }

    /// A line on standard error; dropped when it cannot be written (the exit status still tells).
    static func warn(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }
}
