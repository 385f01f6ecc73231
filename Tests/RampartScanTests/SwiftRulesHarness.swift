import RampartPolicy
import RampartScan

/// Runs the Swift analyzer over a source text, as the engine would over a file, and picks one rule's findings.
enum SwiftRulesHarness {
    static func findings(_ source: String, path: String = "App/Source.swift") -> [ScanFinding] {
        SwiftAnalyzer().analyze(ScanFile(path: path, contents: Array(source.utf8))).findings
    }

    static func findings(_ rule: ScanRule, in source: String) -> [ScanFinding] {
        findings(source).filter { $0.ruleID == rule.id }
    }

    /// Line and column of each finding, to compare with where the code says it is.
    static func positions(_ rule: ScanRule, in source: String) -> [Position] {
        findings(rule, in: source).map { Position(line: $0.line, column: $0.column) }
    }

    struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }
}
