import Testing

@testable import RampartScan

/// Hostile Objective-C generated here (never committed): statements that run into one another, files of tokens
/// only, constants whose values overlap. Each used to take seconds to minutes or gigabytes; now the work is
/// linear, and what a limit of ``ObjectiveCLimits`` leaves unread is a problem naming it.
@Suite("Objective-C analyzer limits")
struct ObjectiveCLimitsTests {
    static func analyze(_ source: String) -> ScanFileResult {
        ObjectiveCAnalyzer().analyze(ScanFile(path: "App/Hostile.m", contents: Array(source.utf8)))
    }

    /// A line that gives one finding (RS-PLATFORM-001).
    static let webView = "UIWebView *web = [[UIWebView alloc] init];\n"

    @Test("x = x = … 200,000 times: analysed whole (each = used to follow 4,096 tokens)", .timeLimit(.minutes(10)))
    func chainedAssignments() {
        let source = "void f() {\n" + String(repeating: "x = ", count: 200_000) + "1;\n" + Self.webView + "}\n"
        let result = Self.analyze(source)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.findings.map(\.line) == [3])
    }

    @Test("the statement ends the rules follow: as before for statements within the bound")
    func statementEnds() {
        let source = ObjectiveCSource(path: "a.m", bytes: Array("a = f(b, [c d]); { e = g; } h = (i".utf8))
        let texts = source.tokens.map(\.text)
        func end(_ index: Int) -> String {
            let end = source.statementEnd(after: index)
            return end < texts.count ? "\(texts[end])@\(end)" : "end"
        }
        #expect(end(0) == ";@11")
        #expect(end(2) == ";@11")
        #expect(end(5) == ")@10")
        #expect(end(13) == ";@16")
        #expect(end(18) == "(@20")
        #expect(end(22) == "end")
    }

    @Test("a file of more tokens than the limit is not analysed; one over the size limit is not tokenized")
    func tooManyTokens() {
        let tokens = Self.analyze(String(repeating: ";", count: ObjectiveCLimits.maximumTokens + 1))
        #expect(
            tokens.problems.map(\.message) == [
                "not analysed: \(ObjectiveCLimits.maximumTokens + 1) tokens exceed the limit of "
                    + "\(ObjectiveCLimits.maximumTokens) (ObjectiveCLimits.maximumTokens)"
            ])
        let bytes = [UInt8](repeating: UInt8(ascii: ";"), count: ObjectiveCLimits.maximumFileSize + 1)
        let size = ObjectiveCAnalyzer().analyze(ScanFile(path: "App/Huge.m", contents: bytes))
        #expect(size.problems.first?.message.contains("ObjectiveCLimits.maximumFileSize") == true)
    }

    @Test("constants whose values run into one another stop being kept at the limit, and it is named")
    func overlappingConstants() {
        let source = (0..<2_000).map { "static const int k\($0) = " }.joined() + "1;\n" + Self.webView
        let result = Self.analyze(source)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.message.contains("ObjectiveCLimits.maximumConstantTokens") == true)
        #expect(result.findings.map(\.line) == [2])
    }

    @Test("findings past the limit are dropped, and the file reported as partly analysed")
    func tooManyFindings() {
        let result = Self.analyze(String(repeating: Self.webView, count: ObjectiveCLimits.maximumFindings + 3))
        #expect(result.findings.count == ObjectiveCLimits.maximumFindings)
        #expect(result.problems.first?.message.contains("ObjectiveCLimits.maximumFindings") == true)
    }
}
