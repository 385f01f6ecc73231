import RampartPolicy

/// One place where a scanned app breaks a ``ScanRule``.
///
/// `path` is relative to the scanned root with `/` separators; a member of an archive is named
/// `App.ipa!/Payload/App.app/Info.plist`. `line` and `column` count from 1; both are 0 where a
/// position has no meaning (a symbol imported by a binary).
///
/// ```swift
/// for finding in report.findings {
///     print("\(finding.path):\(finding.line):\(finding.column): \(finding.ruleID) \(finding.message)")
/// }
/// ```
public struct ScanFinding: Sendable, Hashable, Codable {
    public var ruleID: String
    public var severity: FindingSeverity
    public var path: String
    public var line: Int
    public var column: Int
    /// What is wrong here, concretely (names the variable, the key, the symbol).
    public var message: String
    /// The source line the finding is on, without its line break; nil for binaries.
    public var snippet: String?
    /// A few lines around the finding, filled in by the engine for text files (nil for binaries).
    public var excerpt: ScanExcerpt? = nil

    public init(
        rule: ScanRule, path: String, line: Int, column: Int, message: String, snippet: String? = nil,
        severity: FindingSeverity? = nil
    ) {
        ruleID = rule.id
        self.severity = severity ?? rule.severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.snippet = snippet
    }
}
