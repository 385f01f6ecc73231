import RampartPolicy

/// What `rampart scan` found: findings sorted by path, line, column and rule; the files it could not read
/// whole; what it counted; and what suppressions and a baseline hid.
///
/// ```swift
/// let report = try ScanEngine().scan(["MyApp"])
/// print(report.counts.files, "files,", report.findings.count, "findings")
/// if report.findings.contains(where: { $0.severity >= .high }) { print("fix these first") }
/// ```
public struct ScanReport: Sendable, Hashable, Codable {
    /// The absolute folder that every relative ``ScanFinding/path`` starts from: the scanned folder when one
    /// folder was scanned, otherwise the current directory when the scan ran.
    public var root: String
    /// The findings, in path, line, column and rule order.
    public var findings: [ScanFinding]
    /// Files that were not read whole, and suppressions that could not be honoured, in path order.
    public var problems: [ScanProblem]
    /// What was scanned, skipped, suppressed and hidden.
    public var counts: ScanReportCounts
    /// The baseline entries that matched no finding of this scan (fixed, moved to another file, or edited).
    public var staleBaselineEntries: [ScanBaselineEntry]

    public init(
        root: String, findings: [ScanFinding] = [], problems: [ScanProblem] = [],
        counts: ScanReportCounts = ScanReportCounts(), staleBaselineEntries: [ScanBaselineEntry] = []
    ) {
        self.root = root
        self.findings = findings
        self.problems = problems
        self.counts = counts
        self.staleBaselineEntries = staleBaselineEntries
    }

    /// The number of findings of each severity (every severity present, zero included).
    public var findingsBySeverity: [FindingSeverity: Int] {
        var counts = Dictionary(uniqueKeysWithValues: FindingSeverity.allCases.map { ($0, 0) })
        for finding in findings { counts[finding.severity, default: 0] += 1 }
        return counts
    }

    /// The findings at or above `severity`: what `--fail-on` counts.
    public func findings(atOrAbove severity: FindingSeverity) -> [ScanFinding] {
        findings.filter { $0.severity >= severity }
    }
}
