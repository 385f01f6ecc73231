import Foundation
import RampartPolicy

/// A scan report as JSON for scripts, in a stable shape (`format` `rampart-scan-report`, `version` 1):
///
/// | key | value |
/// |---|---|
/// | `format`, `version` | `"rampart-scan-report"`, `1` |
/// | `tool` | `{"name": "rampart", "version": …}` |
/// | `root` | the absolute folder relative paths start from |
/// | `rules` | each rule a finding names: `id`, `title`, `severity`, `masvs`, `cwe`, `practice`, `fix` |
/// | `findings` | `ruleID`, `severity`, `path`, `line`, `column`, `message`, `snippet`, `excerpt` (`firstLine`, `lines`), `fingerprint` |
/// | `problems` | `path`, `message` |
/// | `summary` | findings per severity: `high`, `medium`, `low`, `info` |
/// | `counts` | `files`, `filesByKind`, `lines`, `filesNotAnalyzed`, `foldersSkipped`, `testFilesSkipped`, `suppressed`, `hiddenByBaseline` |
/// | `staleBaselineEntries` | baseline entries no finding matched |
///
/// ```swift
/// let json = try ScanJSONReport.render(report, toolVersion: "0.1.0")
/// ```
public struct ScanJSONReport: Encodable {
    public static let formatName = "rampart-scan-report"

    struct Tool: Encodable {
        var name: String
        var version: String
    }

    struct Finding: Encodable {
        var finding: ScanFinding
        var fingerprint: String

        enum CodingKeys: String, CodingKey { case fingerprint }

        func encode(to encoder: any Encoder) throws {
            try finding.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fingerprint, forKey: .fingerprint)
        }
    }

    var format = formatName
    var version = 1
    var tool: Tool
    var root: String
    var rules: [ScanRule]
    var findings: [Finding]
    var problems: [ScanProblem]
    var summary: [String: Int]
    var counts: ScanReportCounts
    var staleBaselineEntries: [ScanBaselineEntry]

    public init(_ report: ScanReport, toolVersion: String, rules catalog: [ScanRule] = ScanRule.catalog) {
        tool = Tool(name: "rampart", version: toolVersion)
        root = report.root
        let used = Set(report.findings.map(\.ruleID))
        rules = catalog.filter { used.contains($0.id) }
        let entries = ScanBaseline.entries(for: report.findings)
        findings = zip(report.findings, entries).map {
            Finding(finding: $0, fingerprint: "\($1.fingerprint):\($1.occurrence)")
        }
        problems = report.problems
        summary = Dictionary(uniqueKeysWithValues: report.findingsBySeverity.map { ($0.rawValue, $1) })
        counts = report.counts
        staleBaselineEntries = report.staleBaselineEntries
    }

    /// The report as pretty, key-sorted JSON with a final line break.
    public static func render(_ report: ScanReport, toolVersion: String, rules: [ScanRule] = ScanRule.catalog)
        throws -> Data
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(ScanJSONReport(report, toolVersion: toolVersion, rules: rules)) + Data("\n".utf8)
    }
}
