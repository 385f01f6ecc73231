import RampartPolicy

/// One Objective-C file as the rules see it: its tokens without comments, the partner of every bracket,
/// the method or function body around each token, and the file's constants (`#define NAME value`,
/// `static … const NAME = value;`), so that a rule follows a constant into an argument.
///
/// ```swift
/// let source = ObjectiveCSource(path: "Crypto.m", bytes: Array(text.utf8))
/// for (index, token) in source.tokens.enumerated() where token.text == "CCCrypt" {
///     print(source.callArguments(at: index).count)
/// }
/// ```
struct ObjectiveCSource {
    let path: String
    let tokens: [ObjectiveCToken]
    /// For each opening `(`, `[`, `{` its closing partner's index, and the reverse; nil when unbalanced.
    let partner: [Int?]
    /// The index of the top-level `{` whose body holds each token (a method or function body), if any.
    let enclosingBody: [Int?]
    /// Constants of the file by name: the tokens of their value (`#define` bodies, `static const` and
    /// `… * const NAME = …;` initializers at the top level).
    let constants: [String: [ObjectiveCToken]]
    /// For each token, the innermost `[` (message send) around it, unless a `{` (a block) is nearer.
    let messageOpen: [Int?]
    /// For each token, the index of the first token of its statement (after the last `;`, `{` or `}`).
    let statementStarts: [Int]
    /// Every `NAME = …` and `NAME[…] = …` by name: the index of NAME and its value's range, in order.
    let assignments: [String: [(index: Int, value: Range<Int>)]]
    /// Every identifier's indices, in order, so a rule finds a name's earlier uses without walking the body.
    let identifierIndices: [String: [Int]]
    /// For each token, where the statement that holds it ends if followed from there without a limit (its `;`,
    /// an unmatched bracket, or the end): computed once, so that following many statements stays linear.
    let statementStops: [Int]
    /// Constants whose value was not kept because ``ObjectiveCLimits/maximumConstantTokens`` were.
    let constantsDropped: Int

    /// How far a statement is followed, at most: longer runs are not code a person wrote, and the bound keeps
    /// hostile input (a 10 MB line without `;`) linear.
    static let statementLimit = 4096

    init(path: String, bytes: [UInt8]) {
        self.path = path
        let all = ObjectiveCTokenizer.tokens(in: bytes)
        var constants: [String: [ObjectiveCToken]] = [:]
        var code: [ObjectiveCToken] = []
        code.reserveCapacity(all.count)
        for token in all {
            guard token.kind == .preprocessor else {
                code.append(token)
                continue
            }
            // `#define NAME value`: the value's tokens, positioned as in the file (the `#` is dropped first,
            // or the line would read as a preprocessor line again).
            let body = ObjectiveCTokenizer.tokens(in: Array(token.text.utf8.dropFirst())).map { inner in
                var moved = inner
                moved.line += token.line - 1
                if inner.line == 1 { moved.column += token.column }
                return moved
            }
            if body.count >= 2, body[0].text == "define", body[1].kind == .identifier || body[1].kind == .keyword {
                constants[body[1].text] = Array(body.dropFirst(2))
            }
        }
        tokens = code
        var constantTokens = constants.values.reduce(0) { $0 + $1.count }
        var constantsDropped = 0
        var partner = [Int?](repeating: nil, count: code.count)
        var enclosing = [Int?](repeating: nil, count: code.count)
        var stack: [Int] = []
        var braceDepth = 0
        var currentBody: Int?
        for (index, token) in code.enumerated() {
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{":
                    if token.text == "{" {
                        if braceDepth == 0 && Self.startsBody(code, before: index) { currentBody = index }
                        braceDepth += 1
                    }
                    stack.append(index)
                case ")", "]", "}":
                    if token.text == "}" {
                        braceDepth = max(0, braceDepth - 1)
                    }
                    if let open = stack.last, Self.closes(code[open].text, token.text) {
                        stack.removeLast()
                        partner[open] = index
                        partner[index] = open
                    }
                default:
                    break
                }
            }
            enclosing[index] = currentBody
            if token.text == "}" && token.kind == .punctuation && braceDepth == 0 { currentBody = nil }
        }
        self.partner = partner
        enclosingBody = enclosing
        let stops = Self.stops(code, partner: partner)
        statementStops = stops
        var messageOpen = [Int?](repeating: nil, count: code.count)
        var statementStarts = [Int](repeating: 0, count: code.count)
        var opens: [Int] = []
        var start = 0
        for (index, token) in code.enumerated() {
            while let last = opens.last, let close = partner[last], close < index { opens.removeLast() }
            if let last = opens.last, code[last].text == "[" { messageOpen[index] = last }
            statementStarts[index] = start
            guard token.kind == .punctuation else { continue }
            if (token.text == "[" || token.text == "{"), partner[index] != nil { opens.append(index) }
            if token.text == ";" || token.text == "{" || token.text == "}" { start = index + 1 }
        }
        self.messageOpen = messageOpen
        self.statementStarts = statementStarts
        // Top-level `static`/`const` initializers: NAME = value ;
        var depth = 0
        for (index, token) in code.enumerated() where token.kind == .punctuation {
            if token.text == "{" { depth += 1 }
            if token.text == "}" { depth = max(0, depth - 1) }
            guard depth == 0, token.text == "=", index > 0 else { continue }
            var name = index - 1
            if code[name].text == "]", let open = partner[name] { name = open - 1 }
            guard name >= 0, code[name].kind == .identifier else { continue }
            // A `[` matched across statements (`kIV[16; x] = …`) puts the name before the statement's start.
            let declarationStart = min(max(statementStarts[index], name - 16), name)
            let declaration = code[declarationStart..<name].map(\.text)
            guard declaration.contains("const") || declaration.contains("static") else { continue }
            let value = (index + 1)..<Self.end(of: index + 1, stops: stops)
            guard constantTokens + value.count <= ObjectiveCLimits.maximumConstantTokens else {
                constantsDropped += 1
                continue
            }
            constantTokens += value.count
            constants[code[name].text] = Array(code[value])
        }
        self.constants = constants
        self.constantsDropped = constantsDropped
        var assignments: [String: [(index: Int, value: Range<Int>)]] = [:]
        for (index, token) in code.enumerated() where token.kind == .identifier && index + 1 < code.count {
            var next = index + 1
            if code[next].text == "[", let close = partner[next] { next = close + 1 }
            guard next < code.count, code[next].text == "=", code[next].kind == .punctuation,
                next + 1 >= code.count || code[next + 1].text != "="
            else { continue }
            assignments[token.text, default: []].append((index, next + 1..<Self.end(of: next + 1, stops: stops)))
        }
        self.assignments = assignments
        var identifierIndices: [String: [Int]] = [:]
        for (index, token) in code.enumerated() where token.kind == .identifier {
            identifierIndices[token.text, default: []].append(index)
        }
        self.identifierIndices = identifierIndices
    }

    static func closes(_ open: String, _ close: String) -> Bool {
        (open == "(" && close == ")") || (open == "[" && close == "]") || (open == "{" && close == "}")
    }

    /// Whether a top-level `{` opens a method or function body (after `)` or a selector part or name),
    /// not an `@interface` ivar block, an enum or a struct.
    static func startsBody(_ tokens: [ObjectiveCToken], before index: Int) -> Bool {
        var back = index - 1
        while back >= max(0, index - 8) {
            let token = tokens[back]
            if token.kind == .punctuation && (token.text == ";" || token.text == "}") { break }
            if token.kind == .punctuation && (token.text == "-" || token.text == "+") { return true }
            if ["enum", "struct", "union", "NS_ENUM", "NS_OPTIONS", "interface", "implementation", "="].contains(
                token.text)
            {
                return false
            }
            back -= 1
        }
        return true
    }

    /// The index just past the end of the statement that holds `index` (its `;`, an unmatched closing bracket,
    /// or the end), followed for at most ``statementLimit`` tokens.
    func statementEnd(after index: Int) -> Int {
        Self.end(of: index, stops: statementStops)
    }

    /// The end of the statement from `index` in `stops`, no further than ``statementLimit`` tokens on.
    static func end(of index: Int, stops: [Int]) -> Int {
        guard index < stops.count else { return stops.count }
        return min(stops[index], index + statementLimit)
    }

    /// For each token, the index of the statement end that following the tokens from it reaches: a `;` or a
    /// closing bracket, an opening bracket without a partner, or the end; a bracket with a partner is stepped
    /// over whole. One pass from the end (each follow used to walk up to ``statementLimit`` tokens, which
    /// `x = x = x = …` made quadratic).
    static func stops(_ tokens: [ObjectiveCToken], partner: [Int?]) -> [Int] {
        var stops = [Int](repeating: tokens.count, count: tokens.count)
        for index in stride(from: tokens.count - 1, through: 0, by: -1) {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? stops[index + 1] : tokens.count
            guard token.kind == .punctuation else {
                stops[index] = next
                continue
            }
            switch token.text {
            case "(", "[", "{":
                if let close = partner[index] {
                    stops[index] = close + 1 < tokens.count ? stops[close + 1] : tokens.count
                } else {
                    stops[index] = index
                }
            case ")", "]", "}", ";":
                stops[index] = index
            default:
                stops[index] = next
            }
        }
        return stops
    }

    /// The first token of the statement that holds `index`.
    func statementStart(of index: Int) -> Int { statementStarts[index] }

    /// The token range of the body around `index`: from its `{` to its `}`, or the whole file.
    func bodyRange(around index: Int) -> Range<Int> {
        guard let open = enclosingBody[index] else { return 0..<tokens.count }
        return open..<((partner[open] ?? (tokens.count - 1)) + 1)
    }

    /// The tokens of the method or function signature before the body that holds `index` (back to the
    /// previous `}`, `;` or top of file), for rules that judge by the method's name.
    func signature(around index: Int) -> ArraySlice<ObjectiveCToken> {
        guard let open = enclosingBody[index] else { return [] }
        return tokens[max(statementStarts[open], open - 64)..<open]
    }

    /// The arguments of the call whose name is at `index` (`NAME ( a , b )`), each as a token index range,
    /// split at top-level commas; empty when no `(` follows.
    func callArguments(at index: Int) -> [Range<Int>] {
        let open = index + 1
        guard open < tokens.count, tokens[open].text == "(", let close = partner[open] else { return [] }
        return split(open + 1..<close, at: ",")
    }

    /// `range` split at `separator` tokens that are not nested in brackets.
    func split(_ range: Range<Int>, at separator: String) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .punctuation && ["(", "[", "{"].contains(token.text), let close = partner[index],
                close < range.upperBound
            {
                index = close + 1
                continue
            }
            if token.kind == .punctuation && token.text == separator {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound || !parts.isEmpty { parts.append(start..<range.upperBound) }
        return parts
    }

    /// The argument of the selector part at `index` (`part : ARG`), up to the next selector part at the
    /// same nesting, or the message's closing `]`.
    func selectorArgument(at index: Int) -> Range<Int>? {
        let colon = index + 1
        guard colon < tokens.count, tokens[colon].text == ":" else { return nil }
        var end = colon + 1
        while end < tokens.count {
            let token = tokens[end]
            if token.kind == .punctuation && ["(", "[", "{"].contains(token.text), let close = partner[end] {
                end = close + 1
                continue
            }
            if token.kind == .punctuation && [")", "]", "}", ";", ","].contains(token.text) { break }
            if token.kind == .identifier || token.kind == .keyword, end + 1 < tokens.count,
                tokens[end + 1].text == ":", end > colon + 1,
                !(tokens[end - 1].kind == .punctuation
                    && ["?", "(", "[", "=", "!", "&", "|", ":"].contains(tokens[end - 1].text))
            {
                break
            }
            end += 1
        }
        return colon + 1..<end
    }

    /// The `[` of the innermost message send that holds `index`, if any (none when a block's `{` is nearer).
    func messageStart(around index: Int) -> Int? {
        guard index < messageOpen.count else { return nil }
        if tokens[index].text == "[", partner[index] != nil, tokens[index].kind == .punctuation { return index }
        return messageOpen[index]
    }

    /// The value tokens `range` stands for: itself, or a constant's value when it is one name (also
    /// `NAME.bytes`, `[NAME bytes]`, `[NAME UTF8String]`, `(const void *)NAME`), or a local variable's
    /// initializer in the same body.
    func resolved(_ range: Range<Int>) -> [ObjectiveCToken] {
        let names = tokens[range].filter { $0.kind == .identifier }
        let wrappers: Set<String> = [
            "bytes", "UTF8String", "cStringUsingEncoding", "dataUsingEncoding", "NSUTF8StringEncoding", "void",
            "uint8_t", "char", "const", "unsigned",
        ]
        let meaningful = names.filter { !wrappers.contains($0.text) }
        guard meaningful.count == 1, let name = meaningful.first else { return Array(tokens[range]) }
        if let value = localInitializer(of: name.text, before: range.lowerBound) { return value }
        if let value = constants[name.text] { return value }
        return Array(tokens[range])
    }

    /// The value last given to `NAME` (`TYPE NAME = value;`, `NAME[…] = value;`, `NAME = value;`) before `index` in
    /// the same body.
    func localInitializer(of name: String, before index: Int) -> [ObjectiveCToken]? {
        guard let open = enclosingBody[index], let list = assignments[name] else { return nil }
        // The last assignment before `index`: binary search, then one step back.
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].index < index { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = list[low - 1]
        guard found.index > open else { return nil }
        // At most `maximumValueTokens`: a value is copied for each use, and `x = x = …` makes each run long.
        return Array(tokens[found.value].prefix(ObjectiveCLimits.maximumValueTokens))
    }

    /// The indices of the identifier `name` in the body around `index` before it, the nearest first, at most
    /// `limit` of them.
    func occurrences(of name: String, before index: Int, limit: Int = 64) -> [Int] {
        guard let list = identifierIndices[name] else { return [] }
        let body = bodyRange(around: index)
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < index { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        var position = low - 1
        while position >= 0 && found.count < limit && list[position] >= body.lowerBound {
            found.append(list[position])
            position -= 1
        }
        return found
    }

    /// A finding at `token`.
    func finding(
        _ rule: ScanRule, at token: ObjectiveCToken, _ message: String, severity: FindingSeverity? = nil
    ) -> ScanFinding {
        ScanFinding(
            rule: rule, path: path, line: token.line, column: token.column, message: message, severity: severity)
    }

    /// The first token whose text is `text` in `range`, if any.
    func first(_ text: String, in range: Range<Int>) -> Int? {
        range.first { tokens[$0].text == text }
    }

    /// Whether `range` holds a token whose text is in `texts`.
    func contains(_ texts: Set<String>, in range: Range<Int>) -> Bool {
        range.contains { texts.contains(tokens[$0].text) }
    }
}
