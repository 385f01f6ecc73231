import Foundation

/// The findings of one audit, with text, JSON and SARIF renderings and the `--fail-on` decision.
///
/// ```swift
/// let report = ATSAuditor().audit(document)
/// print(report.renderText())
/// let sarif = try report.renderSARIF(toolVersion: "0.1.0")
/// ```
public struct ATSAuditReport: Sendable, Codable {
    public var source: String
    public var os: ATSOSGeneration
    /// Findings, most severe first, then in document order.
    public var findings: [ATSFinding]

    public init(source: String, os: ATSOSGeneration, findings: [ATSFinding]) {
        self.source = source
        self.os = os
        self.findings = findings.enumerated()
            .sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }
            .map(\.element)
    }

    /// Whether any finding is at or above `threshold` (what `--fail-on` checks).
    public func fails(at threshold: FindingSeverity) -> Bool {
        findings.contains { $0.severity >= threshold }
    }

    /// Counts per severity.
    public var counts: [FindingSeverity: Int] {
        Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
    }

    /// A human-readable report: one block per finding.
    public func renderText() -> String {
        var lines = ["\(source): \(findings.count) finding(s) under \(os.rawValue) rules"]
        for finding in findings {
            lines.append(
                "  [\(finding.severity.rawValue.uppercased())] \(finding.ruleID) \(finding.ruleName) at \(finding.keyPath.isEmpty ? "(top level)" : finding.keyPath)"
            )
            lines.append("      \(finding.message)")
            lines.append("      why: \(finding.rationale)")
            lines.append("      fix: \(finding.fix)")
        }
        return lines.joined(separator: "\n")
    }
}
