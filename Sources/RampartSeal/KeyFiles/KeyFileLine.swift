/// One key line of a ``KeyFile``: its text, trimmed of surrounding white space, and its 1-based
/// line number in the file (comment and blank lines counted), for errors that name it.
///
/// ```swift
/// let file = try KeyFile(bytes: Data("# me\nAGE-SECRET-KEY-1…\n".utf8), name: "key.txt")
/// print(file.lines[0].number)   // 2
/// ```
public struct KeyFileLine: Sendable, Equatable {
    /// The line number, counted from 1.
    public let number: Int
    /// The key text, without surrounding white space or line ending.
    public let text: String

    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }

    /// Whether the line starts with `prefix`, ignoring ASCII case (Bech32 keys are all upper or
    /// all lower case, so `AGE-SECRET-KEY-1` and `age1` both name their format in either case).
    public func hasPrefix(_ prefix: String) -> Bool {
        text.lowercased().hasPrefix(prefix.lowercased())
    }
}
