import Foundation

/// Where colour is allowed: only when the stream is a terminal and `NO_COLOR` is not set.
enum Terminal {
    static func allowsColour(fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// `text` in the ANSI colour `code` when standard output allows colour.
    static func paint(_ text: String, _ code: Int) -> String {
        allowsColour(fileDescriptor: STDOUT_FILENO) ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes a line to standard error.
    static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
