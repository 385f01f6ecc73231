import RampartPolicy
import Testing

@testable import RampartScan

/// Hostile Swift (a pull request scanned in CI): each input used to crash the scan, run for minutes or exhaust
/// memory; now it is a problem naming the limit of ``SwiftLimits`` it went over, and files within the limits
/// are analysed whole. The inputs are generated here, never committed.
@Suite("Swift analyzer limits")
struct SwiftLimitsTests {
    static func analyze(_ source: String) -> ScanFileResult {
        SwiftAnalyzer().analyze(ScanFile(path: "App/Hostile.swift", contents: Array(source.utf8)))
    }

    /// A line that gives one finding (RS-PLATFORM-001).
    static let request = "let web = UIWebView()\n"

    /// The one problem of `result`, which must name `limit`.
    static func expectProblem(_ result: ScanFileResult, naming limit: String, _ comment: Comment? = nil) {
        #expect(result.problems.count == 1, comment)
        #expect(result.problems.first?.message.contains(limit) == true, "\(result.problems)")
    }

    @Test("a 50,000-link member chain (a stack overflow in the visitors) is not parsed: the chain limit is named")
    func longMemberChain() {
        let source = Self.request + "let x = a" + String(repeating: ".b", count: 50_000) + "\n"
        let result = Self.analyze(source)
        Self.expectProblem(result, naming: "SwiftLimits.maximumPostfixChainLength")
        #expect(result.problems.first?.message.hasPrefix("not analysed: a postfix chain of 50000 links") == true)
        #expect(result.findings.isEmpty)
    }

    @Test("100,000 force unwraps, optional chains and calls in a row are chains too")
    func postfixOperators() {
        for tail in [
            String(repeating: "!", count: 100_000), String(repeating: "?.b", count: 5_000),
            String(repeating: "()", count: 5_000), String(repeating: "[0]", count: 5_000),
        ] {
            Self.expectProblem(Self.analyze("let x = a" + tail + "\n"), naming: "SwiftLimits.maximumPostfixChainLength")
        }
        let awaits = String(repeating: "try await ", count: 1_000) + "f()"
        Self.expectProblem(Self.analyze("let x = " + awaits), naming: "SwiftLimits.maximumPostfixChainLength")
    }

    @Test("chains nested in brackets add up: 100 calls deep, each on a 20-link chain", .timeLimit(.minutes(10)))
    func chainsInBrackets() {
        let link = "a" + String(repeating: ".b", count: 19) + ".f("
        let source = "let x = " + String(repeating: link, count: 100) + String(repeating: ")", count: 100)
        Self.expectProblem(Self.analyze(source), naming: "SwiftLimits.maximumPostfixChainLength")
    }

    @Test("a chain within the limit is analysed whole, and quickly (the rule that read every base was quadratic)")
    func chainWithinLimit() {
        let chain = "let x = a" + String(repeating: ".b", count: SwiftLimits.maximumPostfixChainLength - 10) + "\n"
        let result = Self.analyze(chain + "let p = ServerTrustPolicy.disableEvaluation\n" + Self.request)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.findings.map(\.ruleID) == ["RS-NET-006", "RS-PLATFORM-001"])
        #expect(result.findings.map(\.line) == [2, 3])
    }

    @Test("a 28-deep [[[…[1]…]]] (the parser's look-ahead doubles at each level) is not parsed")
    func nestedSquareBrackets() {
        let source = "let x = " + String(repeating: "[", count: 28) + "1" + String(repeating: "]", count: 28)
        Self.expectProblem(Self.analyze(source), naming: "SwiftLimits.maximumSquareBracketRun")
        // 20 `[(` took 95 s: parentheses between do not break the run.
        let mixed = "let x = " + String(repeating: "[(", count: 20) + "1" + String(repeating: ")]", count: 20)
        Self.expectProblem(Self.analyze(mixed), naming: "SwiftLimits.maximumSquareBracketRun")
        let within = String(repeating: "[", count: 6) + "1" + String(repeating: "]", count: 6)
        let result = Self.analyze("let x = \(within)\n" + Self.request)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.findings.map(\.line) == [2])
    }

    @Test("260 nested parentheses: not analysed, and said so (the parser used to stop and lose what followed)")
    func deepParentheses() {
        let source =
            "let x = " + String(repeating: "(", count: 260) + "1" + String(repeating: ")", count: 260) + "\n"
            + Self.request
        let result = Self.analyze(source)
        Self.expectProblem(result, naming: "SwiftLimits.maximumBracketDepth")
        #expect(result.problems.first?.message.contains("bracket depth 260 exceeds the limit of 128") == true)
    }

    @Test("nesting the byte measure does not count (#if) stops the parser: findings before it kept, the stop reported")
    func parserStops() {
        let conditions =
            String(repeating: "#if X\n", count: 200) + "let y = 1\n" + String(repeating: "#endif\n", count: 200)
        let result = Self.analyze(Self.request + conditions + Self.request)
        #expect(result.findings.map(\.line) == [1])
        Self.expectProblem(result, naming: "SwiftLimits.maximumBracketDepth")
        #expect(
            result.problems.first?.message.hasPrefix(
                "partly analysed: nesting deeper than 128 (SwiftLimits.maximumBracketDepth, brackets, < > and #if "
                    + "counted) made the Swift parser stop at line 131;") == true, "\(result.problems)")
    }

    @Test("nesting without brackets the parser does not count: generics, function types, wrapping keywords")
    func unbracketedNesting() {
        // Each crashed the scan (a stack overflow in swift-syntax's parser) at 5,000 levels.
        let generic = "let g: " + String(repeating: "A<", count: 5_000) + "Int" + String(repeating: ">", count: 5_000)
        Self.expectProblem(Self.analyze(generic), naming: "SwiftLimits.maximumBracketDepth")
        let arrows = "let f: " + String(repeating: "(Int) -> ", count: 5_000) + "Int"
        Self.expectProblem(Self.analyze(arrows), naming: "SwiftLimits.maximumPostfixChainLength")
        let keywords = "let x: " + String(repeating: "any ", count: 5_000) + "P"
        Self.expectProblem(Self.analyze(keywords), naming: "SwiftLimits.maximumPostfixChainLength")
        // `else if` nests each `if` in the one before (50,000 crashed the visitors).
        let elseIfs = "if a {} " + String(repeating: "else if a {} ", count: 5_000)
        Self.expectProblem(Self.analyze(elseIfs), naming: "SwiftLimits.maximumPostfixChainLength")
        let separate = String(repeating: "if a {} else if a {} else {}\n", count: 2_000)
        #expect(Self.analyze(separate + Self.request).problems.isEmpty)
        // Within the limits, generics and comparisons are read as usual.
        let fine = "let d: Dictionary<String, Array<Int>> = [:]\nif a<b && c > d { }\nlet f: (Int) -> Int = { $0 }\n"
        let result = Self.analyze(fine + Self.request)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.findings.map(\.line) == [4])
    }

    @Test("brackets in comments and string text do not count; interpolations do")
    func measureSkipsText() {
        let text = String(repeating: "(", count: 500)
        let source =
            "// \(text)\n/* \(text) /* nested */ \(text) */\nlet s = \"\(text)\"\nlet r = #\"\(text)\\(\"#\n"
            + "let m = \"\"\"\n\(text)\n\"\"\"\n" + Self.request
        let result = Self.analyze(source)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.findings.count == 1)
        let interpolated = String(repeating: "\"\\(", count: 200) + "1" + String(repeating: ")\"", count: 200)
        Self.expectProblem(Self.analyze("let s = " + interpolated), naming: "SwiftLimits.maximumBracketDepth")
    }

    @Test("a 2 MB array literal (a million elements) is over the token limit; 20 MB over the size limit")
    func hugeArrayLiteral() {
        let elements = SwiftLimits.maximumTokens / 2 + 1
        let source = "let x = [" + String(repeating: "1,", count: elements) + "]\n"
        Self.expectProblem(Self.analyze(source), naming: "SwiftLimits.maximumTokens")
        let huge = [UInt8]("let x = [".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 20 << 20)
        let result = SwiftAnalyzer().analyze(ScanFile(path: "App/Huge.swift", contents: huge))
        Self.expectProblem(result, naming: "SwiftLimits.maximumFileSize")
    }

    @Test("findings past the limit are dropped, and the file reported as partly analysed")
    func tooManyFindings() {
        let source = String(repeating: Self.request, count: SwiftLimits.maximumFindings + 5)
        let result = Self.analyze(source)
        #expect(result.findings.count == SwiftLimits.maximumFindings)
        Self.expectProblem(result, naming: "SwiftLimits.maximumFindings")
        #expect(result.problems.first?.message.contains("5 findings after the first") == true)
    }

    @Test("the measure: tokens, depth, runs and chains of a small file")
    func measure() {
        let measure = SwiftSourceMeasure(Array("let x = a.b.c(d[0])\nlet t = (x ? 1 : 2) // (((\n".utf8))
        #expect(measure.bracketDepth == 2)
        #expect(measure.squareBracketRun == 1)
        #expect(measure.postfixChain == 4)
        #expect(measure.tokens == 24)
        #expect(measure.exceededLimit == nil)
    }
}
