/// One thing the auditor found: which rule, where (file and key path), what, why, and the fix.
///
/// ```swift
/// for finding in report.findings { print(finding.ruleID, finding.severity, finding.keyPath, finding.message) }
/// ```
public struct ATSFinding: Sendable, Hashable, Codable {
    public var ruleID: String
    public var ruleName: String
    public var severity: FindingSeverity
    /// The file audited.
    public var source: String
    /// Dotted key path inside it.
    public var keyPath: String
    /// What is wrong, concretely.
    public var message: String
    /// Why it matters.
    public var rationale: String
    /// How to fix it.
    public var fix: String

    init(_ rule: ATSAuditRule, source: String, keyPath: String, message: String, severity: FindingSeverity? = nil) {
        ruleID = rule.id
        ruleName = rule.name
        self.severity = severity ?? rule.severity
        self.source = source
        self.keyPath = keyPath
        self.message = message
        rationale = rule.rationale
        fix = rule.fix
    }
}
