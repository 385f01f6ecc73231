/// One pass over a Swift file's bytes, before swift-syntax reads it, measuring what makes parsing and visiting
/// costly: tokens, bracket nesting (generic `<…>` too), runs of `[[[`, and chains the tree nests without brackets
/// (`a.b.c`, `x!!`, `f()()`, `try await`, `->`), so that ``SwiftAnalyzer`` refuses a file over ``SwiftLimits``
/// instead of crashing or running for minutes on it.
///
/// It knows comments (nested `/* */` too), string literals (`"…"`, `"""…"""`, raw `#"…"#`) and their
/// interpolations (`\(…)`, whose code is measured); anything else is measured as code, which can only
/// overestimate (a regex literal's brackets count). Linear in the input, constant memory besides the bracket
/// stack.
///
/// ```swift
/// let measure = SwiftSourceMeasure(Array("let x = a.b.c(d[0])".utf8))
/// print(measure.bracketDepth, measure.postfixChain)   // 2 4
/// if let limit = measure.exceededLimit { print("not analysed: \(limit)") }
/// ```
struct SwiftSourceMeasure {
    /// Tokens, counted conservatively: each identifier, number and string literal, and each punctuation byte.
    private(set) var tokens = 0
    /// The deepest nesting of brackets and interpolations.
    private(set) var bracketDepth = 0
    /// The most `[` in a run of brackets opened right inside one another (`[[[`, `[([(`).
    private(set) var squareBracketRun = 0
    /// The most postfix links around any point, through the brackets that hold it.
    private(set) var postfixChain = 0

    /// What an open bracket remembers.
    private struct Frame {
        /// The string a `\(` interpolation continues when it closes (nil for a bracket of code).
        var string: StringKind?
        /// The chain links this bracket added to those around it (its own call or subscript link included).
        var added: Int
        /// The links of the chain this bracket continues when it closes (a call, a subscript), or 0.
        var resumesChain: Int
        /// How many `[` the run of brackets opened right inside one another up to this one holds (`[([`: 2).
        var squareRun: Int
        /// A `<` that may open generic arguments (right after a name, no space): closed by `>`, and given up
        /// at a `;`, `=`, `{` or the close of the bracket around it (then it was a comparison).
        var angle = false
        /// The `else if` depth around the bracket, given back when it closes.
        var savedElse = 0
    }

    private struct StringKind {
        var hashes: Int
        var multiline: Bool
    }

    /// What the last token was, to tell a postfix `!`/`?`, a call and a member from the rest.
    private enum Previous {
        case operand, dot, prefixKeyword, open, other
    }

    init(_ bytes: [UInt8]) {
        var tokens = 0
        var deepest = 0
        var longestRun = 0
        var longestChain = 0
        var stack: [Frame] = []
        var chain = 0
        var outer = 0
        var previous = Previous.other
        var spaced = false
        // `if … {} else if … {} else if …` nests each `if` in the one before: counted like a chain, from the
        // `else` right after a `}` on, until another token follows a `}` at that level.
        var elseDepth = 0
        var afterBrace = false
        var string: StringKind?
        var index = 0
        let count = bytes.count

        func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
        func hashes(from start: Int) -> Int {
            var end = start
            while end < count && bytes[end] == UInt8(ascii: "#") { end += 1 }
            return end - start
        }
        func link() {
            chain += 1
            longestChain = max(longestChain, outer + elseDepth + chain)
        }
        func open(_ frame: Frame) {
            var frame = frame
            frame.savedElse = elseDepth
            frame.added += elseDepth
            outer += frame.added
            elseDepth = 0
            afterBrace = false
            stack.append(frame)
            deepest = max(deepest, stack.count)
            chain = 0
            previous = .open
        }
        func dropAngles() {
            while let last = stack.last, last.angle {
                stack.removeLast()
                outer -= last.added
                elseDepth = last.savedElse
            }
        }

        while index < count {
            if let kind = string {
                // Inside a string literal: look for its end or an interpolation.
                let current = bytes[index]
                if current == UInt8(ascii: "\\") && hashes(from: index + 1) >= kind.hashes {
                    let after = index + 1 + kind.hashes
                    string = nil
                    if byte(after) == UInt8(ascii: "(") {
                        tokens += 1
                        open(Frame(string: kind, added: 0, resumesChain: 0, squareRun: 0))
                    } else {
                        string = kind
                    }
                    index = after + 1
                    continue
                }
                if current == UInt8(ascii: "\"") {
                    let quotes = kind.multiline ? 3 : 1
                    var closes = true
                    for offset in 0..<quotes where byte(index + offset) != UInt8(ascii: "\"") { closes = false }
                    if closes && hashes(from: index + quotes) >= kind.hashes {
                        string = nil
                        index += quotes + kind.hashes
                        previous = .operand
                        spaced = false
                        continue
                    }
                }
                if current == 0x0A && !kind.multiline {
                    string = nil  // unterminated: the parser ends it at the line break too
                    previous = .operand
                }
                index += 1
                continue
            }
            let current = bytes[index]
            switch current {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                spaced = true
                index += 1
                continue
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                spaced = true
                while index < count && bytes[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                spaced = true
                var level = 0
                while index < count {
                    if bytes[index] == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                        level += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                        level -= 1
                        index += 2
                        if level == 0 { break }
                    } else {
                        index += 1
                    }
                }
                continue
            default:
                break
            }
            tokens += 1
            let wasSpaced = spaced
            spaced = false
            if afterBrace {
                afterBrace = false
                if Self.isWord(Self.elseKeyword, in: bytes, at: index) {
                    elseDepth += 1
                    longestChain = max(longestChain, outer + elseDepth)
                } else {
                    elseDepth = 0
                }
            }
            let raw = current == UInt8(ascii: "#") ? hashes(from: index) : 0
            if raw > 0 && byte(index + raw) != UInt8(ascii: "\"") {
                // `#if`, `#selector`, `#/regex/#`: each `#` a token, the run skipped at once (not rescanned).
                tokens += raw - 1
                index += raw
                chain = 0
                previous = .other
                continue
            }
            if current == UInt8(ascii: "\"") || raw > 0 {
                let quote = index + raw
                let multiline = byte(quote + 1) == UInt8(ascii: "\"") && byte(quote + 2) == UInt8(ascii: "\"")
                chain = 0
                string = StringKind(hashes: raw, multiline: multiline)
                index = quote + (multiline ? 3 : 1)
                continue
            }
            if Self.isIdentifierByte(current) {
                let start = index
                while index < count && Self.isIdentifierByte(bytes[index]) { index += 1 }
                let word = bytes[start..<index]
                if previous != .dot, Self.prefixKeywords.contains(where: { $0.elementsEqual(word) }) {
                    if previous != .prefixKeyword { chain = 0 }
                    link()
                    previous = .prefixKeyword
                } else {
                    if previous != .dot && previous != .prefixKeyword { chain = 0 }
                    previous = .operand
                }
                continue
            }
            index += 1
            switch current {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if current == UInt8(ascii: "{") { dropAngles() }
                let continues = previous == .operand
                if continues { link() }
                // `[` opened right after other opening brackets (`[[`, `[(`, `([`): the run goes on.
                var run = previous == .open ? stack.last?.squareRun ?? 0 : 0
                if current == UInt8(ascii: "[") {
                    run += 1
                    longestRun = max(longestRun, run)
                }
                // After `try`, `->` or another wrapping keyword the group is one more level of what it wraps.
                let resumes = continues || previous == .prefixKeyword ? chain : 0
                open(Frame(string: nil, added: chain, resumesChain: resumes, squareRun: run))
            case UInt8(ascii: "<") where !wasSpaced && previous == .operand:
                open(Frame(string: nil, added: 0, resumesChain: chain, squareRun: 0, angle: true))
            case UInt8(ascii: ">") where stack.last?.angle == true:
                if let frame = stack.popLast() {
                    outer -= frame.added
                    elseDepth = frame.savedElse
                    chain = frame.resumesChain
                }
                previous = .operand
            case UInt8(ascii: "-") where byte(index) == UInt8(ascii: ">"):
                // `->`: a function type or result nests what follows it.
                index += 1
                link()
                previous = .prefixKeyword
            case UInt8(ascii: ";"), UInt8(ascii: "="):
                dropAngles()
                chain = 0
                previous = .other
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                dropAngles()
                guard let frame = stack.popLast() else {
                    chain = 0
                    previous = .operand
                    continue
                }
                outer -= frame.added
                elseDepth = frame.savedElse
                afterBrace = current == UInt8(ascii: "}")
                if let kind = frame.string {
                    // Back in the string the interpolation was in.
                    string = kind
                    chain = 0
                    continue
                }
                chain = frame.resumesChain
                previous = .operand
            case UInt8(ascii: "."):
                link()
                previous = .dot
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                if !wasSpaced && (previous == .operand || previous == .prefixKeyword) {
                    // Postfix: a force unwrap, optional chaining (`try!`, `try?` too).
                    link()
                    if previous == .prefixKeyword { previous = .other }
                } else {
                    chain = 0
                    previous = .other
                }
            default:
                chain = 0
                previous = .other
            }
        }
        self.tokens = tokens
        bracketDepth = deepest
        squareBracketRun = longestRun
        postfixChain = longestChain
    }

    /// The first limit of ``SwiftLimits`` the file goes over, as the reason it was not analysed; nil when none.
    var exceededLimit: String? {
        if tokens > SwiftLimits.maximumTokens {
            return "\(tokens) tokens exceed the limit of \(SwiftLimits.maximumTokens) (SwiftLimits.maximumTokens)"
        }
        if bracketDepth > SwiftLimits.maximumBracketDepth {
            return "bracket depth \(bracketDepth) exceeds the limit of \(SwiftLimits.maximumBracketDepth) "
                + "(SwiftLimits.maximumBracketDepth)"
        }
        if squareBracketRun > SwiftLimits.maximumSquareBracketRun {
            return "\(squareBracketRun) nested [ in a row exceed the limit of \(SwiftLimits.maximumSquareBracketRun) "
                + "(SwiftLimits.maximumSquareBracketRun)"
        }
        if postfixChain > SwiftLimits.maximumPostfixChainLength {
            return "a postfix chain of \(postfixChain) links (.member, !, ?, calls) exceeds the limit of "
                + "\(SwiftLimits.maximumPostfixChainLength) (SwiftLimits.maximumPostfixChainLength)"
        }
        return nil
    }

    /// Keywords that wrap the expression after them: each is one more level of the tree.
    private static let prefixKeywords: [[UInt8]] = [
        "try", "await", "some", "any", "each", "repeat", "inout", "consume", "copy", "borrowing", "consuming",
        "sending", "isolated",
    ].map { Array($0.utf8) }

    private static let elseKeyword = Array("else".utf8)

    /// Whether the identifier at `index` is `word`, whole.
    private static func isWord(_ word: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        let end = index + word.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word) else { return false }
        return end == bytes.count || !isIdentifierByte(bytes[end])
    }

    /// Letters, digits, `_`, `$`, `` ` `` and any byte of a multi-byte UTF-8 sequence.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24 || byte == 0x60 || byte >= 0x80
    }
}
