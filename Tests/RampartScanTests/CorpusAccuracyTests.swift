import Foundation
import RampartPolicy
import RampartScan
import Testing

/// `rampart scan`'s accuracy on the labelled corpus (`ScanCorpus/`): the issue's target is recall and
/// precision of at least 0.9 each. `Scripts/scan-accuracy` measures the same through the CLI, per rule and
/// against mobsfscan, for the docs.
@Suite("Scan corpus accuracy", .timeLimit(.minutes(10)))
struct CorpusAccuracyTests {
    @Test("the corpus's markers are well formed and every rule in the catalog is expected at least twice")
    func markersCoverTheCatalog() throws {
        let markers = try CorpusMarkers.read()
        let known = Set(ScanRule.catalog.map(\.id))
        let unknown = Set(markers.expectations.map(\.ruleID)).subtracting(known)
        #expect(unknown.isEmpty, "markers name rules the catalog does not have: \(unknown.sorted())")
        for rule in ScanRule.catalog {
            let count = markers.expectations.filter { $0.ruleID == rule.id }.count
            #expect(count >= 2, "\(rule.id) is expected \(count) time(s) in ScanCorpus; write at least two")
        }
    }

    @Test("scanning the corpus through ScanEngine: recall ≥ 0.9 and precision ≥ 0.9, naming each miss")
    func recallAndPrecision() throws {
        let markers = try CorpusMarkers.read()
        let report = try ScanEngine().scan([CorpusMarkers.root.path])
        let outcome = markers.evaluate(report.findings)
        let missed = outcome.missed.map { "  missed   \($0)" }
        let spurious = outcome.spurious.map {
            "  spurious \($0.ruleID) at \($0.path):\($0.line) [\($0.severity.rawValue)] \($0.message)"
        }
        let summary =
            "recall \(String(format: "%.2f", outcome.recall)) (\(outcome.matched.count) of "
            + "\(markers.expectations.count)), precision \(String(format: "%.2f", outcome.precision)) "
            + "(\(outcome.spurious.count) spurious)\n" + (missed + spurious).joined(separator: "\n")
        #expect(outcome.recall >= 0.9, "\(summary)")
        #expect(outcome.precision >= 0.9, "\(summary)")
        #expect(report.problems.isEmpty, "the corpus is plain UTF-8: \(report.problems)")
    }

    @Test("the matcher: a finding on a marked line is a match, on an unmarked line spurious, a missing one missed")
    func matcher() throws {
        let rule = ScanRule.cleartextHTTPURL
        var markers = CorpusMarkers()
        markers.expectations = [
            .init(path: "A.swift", ruleID: rule.id, lines: 3...3),
            .init(path: "B.swift", ruleID: rule.id, lines: 10...14),
            .init(path: "C.swift", ruleID: rule.id, lines: 1...1),
        ]
        markers.tolerances[.init(path: "A.swift", line: 7, ruleID: rule.id)] = .info
        let findings = [
            ScanFinding(rule: rule, path: "A.swift", line: 3, column: 1, message: "marked"),
            ScanFinding(rule: rule, path: "A.swift", line: 3, column: 9, message: "second on the same line"),
            ScanFinding(rule: rule, path: "A.swift", line: 5, column: 1, message: "unmarked"),
            ScanFinding(rule: rule, path: "A.swift", line: 7, column: 1, message: "tolerated", severity: .info),
            ScanFinding(rule: rule, path: "A.swift", line: 7, column: 2, message: "above tolerance", severity: .low),
            ScanFinding(rule: rule, path: "B.swift", line: 12, column: 1, message: "inside a span"),
        ]
        let outcome = markers.evaluate(findings)
        #expect(outcome.matched.map(\.path) == ["A.swift", "B.swift"])
        #expect(outcome.missed.map(\.path) == ["C.swift"])
        #expect(outcome.spurious.map(\.message).sorted() == ["above tolerance", "unmarked"])
    }
}
