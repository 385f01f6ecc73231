import RampartPolicy

/// One practice `rampart scan` checks: its stable id, what it finds, how much it matters, where it sits in
/// OWASP MASVS v2 and the CWE list, the practice it enforces, and the fix — the Apple API on iOS and the
/// Rampart API where one exists.
///
/// Each rule is declared once, in its own file under `Rules/`, as a static member; the analyzers for
/// Swift, Objective-C, property lists and binaries report findings against it.
///
/// ```swift
/// let rule = ScanRule.catalog.first { $0.id == "RS-NET-001" }
/// print(rule?.title ?? "", rule?.masvs ?? "")
/// ```
public struct ScanRule: Sendable, Hashable, Codable {
    /// Stable identifier, `RS-AREA-NNN`; suppressions and baselines name it.
    public let id: String
    /// A short title, as a finding's headline.
    public let title: String
    /// The severity of a finding unless the analyzer that reports it says otherwise.
    public let severity: FindingSeverity
    /// The OWASP MASVS v2 control, for example `MASVS-NETWORK-1`.
    public let masvs: String
    /// The CWE number, for example 295 (improper certificate validation).
    public let cwe: Int
    /// The practice the rule enforces, in one sentence.
    public let practice: String
    /// How to fix a finding: the Apple API on iOS and, where one exists, the Rampart API.
    public let fix: String

    public init(
        id: String, title: String, severity: FindingSeverity, masvs: String, cwe: Int, practice: String, fix: String
    ) {
        self.id = id
        self.title = title
        self.severity = severity
        self.masvs = masvs
        self.cwe = cwe
        self.practice = practice
        self.fix = fix
    }
}
