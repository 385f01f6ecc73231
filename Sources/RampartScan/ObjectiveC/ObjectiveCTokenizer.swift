/// Splits Objective-C (and C, C++) source bytes into ``ObjectiveCToken``s with their lines and columns, so
/// that rules look at code and never at comments or at text inside string literals.
///
/// It knows `//` and `/* */` comments (an unterminated one ends at the end of the input), string and
/// character literals with their escapes, `@"…"`, line continuations (a backslash before a line break),
/// and preprocessor lines (`#import`, `#define`) as one token each. Any bytes are accepted (text that is not
/// UTF-8 too): each is part of exactly one token or is blank, tokens come in order without overlap, and the
/// work is linear in the input, so a 10 MB line is read in one pass.
///
/// ```swift
/// let source = Array("CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionECBMode, key, 16, NULL, in, n, out, m, &moved);".utf8)
/// for token in ObjectiveCTokenizer.tokens(in: source) where token.kind == .identifier {
///     print(token.line, token.column, token.text)
/// }
/// ```
public enum ObjectiveCTokenizer {
    /// The tokens of `bytes`, in order. Comments are left out unless `keepComments` is true.
    public static func tokens(in bytes: [UInt8], keepComments: Bool = false) -> [ObjectiveCToken] {
        var tokens: [ObjectiveCToken] = []
        scan(bytes, keepComments: keepComments) { kind, range, line, column in
            let text = String(decoding: bytes[range], as: UTF8.self)
            var finalKind = kind
            if kind == .identifier && keywords.contains(text) { finalKind = .keyword }
            tokens.append(ObjectiveCToken(kind: finalKind, range: range, line: line, column: column, text: text))
        }
        return tokens
    }

    /// How many tokens ``tokens(in:keepComments:)`` would give (comments left out), without building them: the
    /// cheap count ``ObjectiveCAnalyzer`` checks against ``ObjectiveCLimits/maximumTokens`` first.
    static func tokenCount(in bytes: [UInt8]) -> Int {
        var count = 0
        scan(bytes, keepComments: false) { _, _, _, _ in count += 1 }
        return count
    }

    /// Calls `body` with each token's kind (identifiers not yet told from keywords), bytes, line and column.
    private static func scan(
        _ bytes: [UInt8], keepComments: Bool,
        _ body: (_ kind: ObjectiveCToken.Kind, _ range: Range<Int>, _ line: Int, _ column: Int) -> Void
    ) {
        var scanner = Scanner(bytes: bytes)
        var atLineStart = true
        while let byte = scanner.peek() {
            if isBlank(byte) {
                if byte == UInt8(ascii: "\n") { atLineStart = true }
                scanner.advance()
                continue
            }
            let start = scanner.offset
            let line = scanner.line
            let column = scanner.column
            let kind: ObjectiveCToken.Kind
            let next = scanner.peek(1)
            if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                scanner.skipLineComment()
                kind = .comment
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                scanner.skipBlockComment()
                kind = .comment
            } else if byte == UInt8(ascii: "#") && atLineStart {
                scanner.skipPreprocessorLine()
                kind = .preprocessor
            } else if byte == UInt8(ascii: "\"") {
                scanner.skipQuoted(UInt8(ascii: "\""))
                kind = .string
            } else if byte == UInt8(ascii: "@") && next == UInt8(ascii: "\"") {
                scanner.advance()
                scanner.skipQuoted(UInt8(ascii: "\""))
                kind = .objectiveCString
            } else if byte == UInt8(ascii: "'") {
                scanner.skipQuoted(UInt8(ascii: "'"))
                kind = .character
            } else if isDigit(byte) || (byte == UInt8(ascii: ".") && next.map(isDigit) == true) {
                scanner.skipNumber()
                kind = .number
            } else if isIdentifierStart(byte) {
                scanner.skip(while: isIdentifierByte)
                kind = .identifier
            } else {
                scanner.advance()
                kind = .punctuation
            }
            atLineStart = false
            if kind == .comment && !keepComments { continue }
            body(kind, start..<scanner.offset, line, column)
        }
    }

    /// C and Objective-C reserved words (without their `@`).
    static let keywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "self",
        "super", "nil", "Nil", "NULL", "YES", "NO", "id", "instancetype", "interface", "implementation", "end",
        "protocol", "property", "synthesize", "dynamic", "selector", "class", "try", "catch", "finally", "throw",
        "true", "false", "nullptr", "bool", "BOOL",
    ]

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    /// A cursor over the bytes that keeps the line and column of the next byte.
    struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ ahead: Int = 0) -> UInt8? {
            let index = offset + ahead
            return index < bytes.count ? bytes[index] : nil
        }

        mutating func advance() {
            guard offset < bytes.count else { return }
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += 1
        }

        mutating func skip(while predicate: (UInt8) -> Bool) {
            while let byte = peek(), predicate(byte) { advance() }
        }

        /// A backslash before a line break (`\` `\n` or `\` `\r\n`): skips it and returns true.
        mutating func skipContinuation() -> Bool {
            guard peek() == UInt8(ascii: "\\") else { return false }
            if peek(1) == UInt8(ascii: "\n") {
                advance()
                advance()
                return true
            }
            if peek(1) == UInt8(ascii: "\r") && peek(2) == UInt8(ascii: "\n") {
                advance()
                advance()
                advance()
                return true
            }
            return false
        }

        /// `//` to the end of the line; a line continuation continues the comment, as in C.
        mutating func skipLineComment() {
            while let byte = peek() {
                if skipContinuation() { continue }
                if byte == UInt8(ascii: "\n") { return }
                advance()
            }
        }

        /// `/*` to the first `*/`, or to the end of the input when there is none.
        mutating func skipBlockComment() {
            advance()
            advance()
            while let byte = peek() {
                if byte == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                    advance()
                    advance()
                    return
                }
                advance()
            }
        }

        /// A literal from its opening `quote` to the closing one; a backslash escapes the next byte (a line
        /// break too: a continuation). An unterminated literal ends before the line break or at the end.
        mutating func skipQuoted(_ quote: UInt8) {
            advance()
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") {
                    if skipContinuation() { continue }
                    advance()
                    if let escaped = peek(), escaped != UInt8(ascii: "\n") { advance() }
                    continue
                }
                if byte == UInt8(ascii: "\n") { return }
                advance()
                if byte == quote { return }
            }
        }

        /// A number: digits, letters (hex digits, suffixes), `.`, `'` separators, and a sign after an
        /// exponent (`e`, `E`, `p`, `P`).
        mutating func skipNumber() {
            while let byte = peek() {
                if isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "'") {
                    advance()
                    if [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(byte),
                        let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
                    {
                        advance()
                    }
                    continue
                }
                return
            }
        }

        /// `#` to the end of the line, with continuations; string literals and comments inside are skipped
        /// whole (a block comment may carry the line on).
        mutating func skipPreprocessorLine() {
            while let byte = peek() {
                if skipContinuation() { continue }
                if byte == UInt8(ascii: "\n") { return }
                if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
                    skipLineComment()
                    return
                }
                if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                    skipBlockComment()
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    skipQuoted(byte)
                    continue
                }
                advance()
            }
        }
    }
}
