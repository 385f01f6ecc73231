/// One token of Objective-C (or C) source, as ``ObjectiveCTokenizer`` reads it: its kind, its bytes in the
/// file, where it starts, and its text.
///
/// ```swift
/// let tokens = ObjectiveCTokenizer.tokens(in: Array(#"NSLog(@"%@", password);"#.utf8))
/// print(tokens.map(\.text))   // ["NSLog", "(", "@\"%@\"", ",", "password", ")", ";"]
/// ```
public struct ObjectiveCToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A name: a variable, a type, a selector part, a macro (bytes above 0x7F count as name bytes).
        case identifier
        /// A reserved word of C or Objective-C (`static`, `const`, `return`, `self`, `nil`, …).
        case keyword
        /// A number: `10000`, `0x1F`, `1.5e3`, `16U`.
        case number
        /// A C string literal, quotes included: `"…"`.
        case string
        /// An Objective-C string literal, `@` and quotes included: `@"…"`.
        case objectiveCString
        /// A character literal: `'a'`.
        case character
        /// One byte of punctuation: `@`, `[`, `]`, `(`, `;`, `=`, … (and any other byte that is not blank).
        case punctuation
        /// A whole preprocessor line (`#import …`, `#define …`), line continuations included.
        case preprocessor
        /// A `//` or `/* */` comment (kept only when the tokenizer is asked to).
        case comment
    }

    public var kind: Kind
    /// The bytes of the token in the input, as offsets.
    public var range: Range<Int>
    /// The line the token starts on, from 1.
    public var line: Int
    /// The byte column the token starts at, from 1.
    public var column: Int
    /// The token's bytes as text (bytes that are not UTF-8 become U+FFFD).
    public var text: String

    public init(kind: Kind, range: Range<Int>, line: Int, column: Int, text: String) {
        self.kind = kind
        self.range = range
        self.line = line
        self.column = column
        self.text = text
    }

    /// The contents of a string literal (`"…"` or `@"…"`) without its quotes and `@`, escapes left as
    /// written; nil for other tokens.
    public var stringValue: String? {
        switch kind {
        case .string, .objectiveCString:
            var value = Substring(text)
            if value.hasPrefix("@") { value = value.dropFirst() }
            if value.hasPrefix("\"") { value = value.dropFirst() }
            if value.hasSuffix("\"") && !value.isEmpty { value = value.dropLast() }
            return String(value)
        default:
            return nil
        }
    }
}
