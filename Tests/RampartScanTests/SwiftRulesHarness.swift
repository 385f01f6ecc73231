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

    /// Where `needle` starts in `source` (its `occurrence`-th appearance): line and UTF-8 column from 1.
    static func at(_ needle: String, in source: String, occurrence: Int = 1) -> Position {
        var seen = 0
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: needle) {
                seen += 1
                if seen == occurrence {
                    return Position(
                        line: index + 1, column: line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
                }
                rest = rest[range.upperBound...]
            }
        }
        return Position(line: 0, column: 0)
    }

    struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }
}
