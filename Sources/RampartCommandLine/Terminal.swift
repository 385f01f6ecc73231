import Foundation

/// Standard error and colour: colour only when the stream is a terminal and `NO_COLOR` is not set.
package enum Terminal {
    package static func allowsColour(fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// `text` in the ANSI colour `code` when standard output allows colour.
    package static func paint(_ text: String, _ code: Int) -> String {
        allowsColour(fileDescriptor: STDOUT_FILENO) ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes `message` to standard error as one line: control characters (a line feed too) are
    /// escaped and files named by bytes are shown by those bytes
    /// (``ControlCharacterEscaping/sanitized(_:)``), so what a message quotes from a user or a file
    /// can neither forge lines nor drive the terminal.
    package static func warn(_ message: String) {
        draw(ControlCharacterEscaping.sanitized(message) + "\n")
    }

    /// Writes `lines` to standard error, each one escaped as ``warn(_:)`` does.
    package static func warn(lines: [String]) {
        draw(lines.map { ControlCharacterEscaping.sanitized($0) + "\n" }.joined())
    }

    /// Writes `text` to standard error as it is (progress bars). A message that cannot be written
    /// (`2>/dev/full`, `2>&-`) has nowhere else to go: it is dropped, and the exit status still
    /// tells what happened.
    package static func draw(_ text: String) {
        _ = StandardStreams.write(Data(text.utf8), to: STDERR_FILENO)
    }
}
