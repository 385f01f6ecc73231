import RampartPolicy

/// A scan report as text for a terminal or a log: one block per finding —
/// `path:line:column: severity RS-xxx title: message`, the source line and a caret under the column —, the
/// problems, then a summary by severity.
///
/// Every field that comes from the scanned files goes through `field` (the CLI passes its escaping of control
/// characters, so a hostile file cannot drive the terminal); `colour` paints severities with ANSI colours.
///
/// ```swift
/// print(ScanTextReport.render(report))
/// ```
public enum ScanTextReport {
    public static func render(
        _ report: ScanReport, rules: [ScanRule] = ScanRule.catalog, colour: Bool = false,
        field: (String) -> String = { $0 }
    ) -> String {
        let byID = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var out: [String] = []
        for finding in report.findings {
            let title = byID[finding.ruleID]?.title ?? finding.ruleID
            let location =
                finding.line > 0
                ? "\(field(finding.path)):\(finding.line):\(finding.column)" : field(finding.path)
            out.append(
                "\(location): \(paint(finding.severity, colour: colour)) \(finding.ruleID) \(title): "
                    + field(finding.message))
            if let snippet = finding.snippet, finding.line > 0 {
                let shown = field(snippet)
                out.append("    " + shown)
                if let caret = caretOffset(snippet, column: finding.column, field: field) {
                    out.append("    " + String(repeating: " ", count: caret) + "^")
                }
            }
        }
        if !report.problems.isEmpty {
            if !out.isEmpty { out.append("") }
            out.append("Not scanned or not understood (\(report.problems.count)):")
            for problem in report.problems {
                out.append("  \(field(problem.path)): \(field(problem.message))")
            }
        }
        if !report.staleBaselineEntries.isEmpty {
            if !out.isEmpty { out.append("") }
            out.append("Baseline entries that match no finding any more (\(report.staleBaselineEntries.count)):")
            for entry in report.staleBaselineEntries {
                out.append("  \(field(entry.path)) (line \(entry.line) when written): \(field(entry.ruleID))")
            }
        }
        if !out.isEmpty { out.append("") }
        out.append(summary(report))
        return out.joined(separator: "\n")
    }

    /// One line: findings by severity, then what was scanned and hidden.
    public static func summary(_ report: ScanReport) -> String {
        let bySeverity = report.findingsBySeverity
        let severities = FindingSeverity.allCases.reversed().map { "\(bySeverity[$0, default: 0]) \($0.rawValue)" }
        let counts = report.counts
        var parts = [
            "\(report.findings.count) finding(s): \(severities.joined(separator: ", "))",
            "\(counts.files) file(s), \(counts.lines) line(s) scanned",
        ]
        if counts.testFilesSkipped > 0 { parts.append("\(counts.testFilesSkipped) test file(s) left out") }
        if counts.suppressed > 0 { parts.append("\(counts.suppressed) suppressed") }
        if counts.hiddenByBaseline > 0 { parts.append("\(counts.hiddenByBaseline) in the baseline") }
        if !report.problems.isEmpty { parts.append("\(report.problems.count) problem(s)") }
        return parts.joined(separator: "; ")
    }

    /// Where the caret goes under the shown (escaped) snippet, or nil when the column is not on it (a line cut
    /// around the finding).
    static func caretOffset(_ snippet: String, column: Int, field: (String) -> String) -> Int? {
        guard column >= 1, !snippet.hasPrefix("…"), column - 1 <= snippet.utf8.count else { return nil }
        let index = snippet.utf8.index(snippet.utf8.startIndex, offsetBy: column - 1)
        return field(String(snippet[..<index])).count
    }

    static func paint(_ severity: FindingSeverity, colour: Bool) -> String {
        guard colour else { return severity.rawValue }
        let code: Int
        switch severity {
        case .high: code = 31
        case .medium: code = 33
        case .low: code = 36
        case .info: code = 2
        }
        return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
    }
}
