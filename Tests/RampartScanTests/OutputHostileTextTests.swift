import Foundation
import RampartPolicy
import RampartScan
import Testing

/// Paths, code and baselines come from the scanned repository: what reports show of them must read as it is.
@Suite("Scan outputs: hostile text from the scanned tree", .timeLimit(.minutes(10)))
struct OutputHostileTextTests {
    static let hidden: [Character] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{2028}", "\u{2029}",
    ]

    @Test("HTML: bidirectional overrides and isolates in paths, messages and code are shown escaped")
    func htmlBidi() {
        var finding = ScanFinding(
            rule: .cleartextHTTPURL, path: "App/\u{202E}tfiws.exe", line: 1, column: 1,
            message: "cleartext \u{2066}http://x\u{2069}",
            snippet: "let isAdmin = false /*\u{202E} } \u{2066}if (isAdmin)\u{2069} \u{2066} begin admins only */")
        finding.excerpt = ScanExcerpt(firstLine: 1, lines: [finding.snippet ?? "", "\u{2028}x\u{2029}"])
        let report = ScanReport(
            root: "/tmp/\u{202D}r", findings: [finding],
            problems: [ScanProblem(path: "\u{202B}p", message: "\u{202C}m")],
            staleBaselineEntries: [
                ScanBaselineEntry(ruleID: "RS-NET-001", path: "\u{2067}b", fingerprint: "00", occurrence: 0, line: 1)
            ])
        let html = ScanHTMLReport.render(report, toolVersion: "test")
        for character in Self.hidden {
            #expect(!html.contains(character), "U+\(character.unicodeScalars.first!.value)")
        }
        #expect(html.contains("App/\\u{202e}tfiws.exe"))
    }

    @Test("a baseline entry whose rule is none of the catalog's is a malformed baseline; its id is quoted escaped")
    func baselineRuleID() throws {
        let json = """
            {"format": "rampart-scan-baseline", "version": 1, "entries": [
              {"ruleID": "RS-NET-001", "path": "a.swift", "fingerprint": "00", "occurrence": 0, "line": 1},
              {"ruleID": "RS-NET-001\\u001b[2J", "path": "a.swift", "fingerprint": "00", "occurrence": 0, "line": 1}
            ]}
            """
        #expect(throws: ScanError.self) { try ScanBaseline.decode(Data(json.utf8), name: "b.json") }
        do {
            _ = try ScanBaseline.decode(Data(json.utf8), name: "b.json")
        } catch {
            #expect(!error.description.contains("\u{1B}"))
            #expect(error.description.contains("entry 2"))
        }
    }
}
