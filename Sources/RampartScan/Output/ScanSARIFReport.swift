import Foundation
import RampartPolicy

/// A scan report as SARIF 2.1.0, written by RampartPolicy's `SARIFLog` (the one SARIF writer, shared with the
/// ATS audit): every rule of the catalog with its fix as help, its MASVS control and CWE as tags and its
/// `security-severity`; each finding at its line and column, with a URI relative to the scanned root
/// (`%SRCROOT%` in `originalUriBaseIds`) and the baseline's fingerprint, so code-scanning tools track it across
/// edits.
///
/// ```swift
/// let sarif = try ScanSARIFReport.render(report, toolVersion: "0.1.0")
/// try sarif.write(to: URL(fileURLWithPath: "scan.sarif"))
/// ```
public enum ScanSARIFReport {
    /// The name of the scanned root in `originalUriBaseIds`.
    public static let rootName = "%SRCROOT%"
    /// The name of the fingerprint in each result's `partialFingerprints`.
    public static let fingerprintName = "rampartScanFingerprint/v1"

    public static func render(_ report: ScanReport, toolVersion: String, rules: [ScanRule] = ScanRule.catalog)
        throws -> Data
    {
        var listed = rules
        let known = Set(rules.map(\.id))
        let unknown = Set(report.findings.map(\.ruleID)).subtracting(known).sorted()
        listed += unknown.map {
            ScanRule(id: $0, title: $0, severity: .medium, masvs: "", cwe: 0, practice: "", fix: "")
        }
        let descriptors = listed.map { rule in
            SARIFLog.RuleDescriptor(
                id: rule.id, name: rule.title, shortDescription: rule.title,
                fullDescription: rule.practice.isEmpty ? rule.title : rule.practice,
                help: rule.fix.isEmpty ? rule.title : rule.fix, severity: rule.severity,
                tags: ["security"] + (rule.masvs.isEmpty ? [] : [rule.masvs])
                    + (rule.cwe > 0 ? ["external/cwe/cwe-\(rule.cwe)"] : []))
        }
        let entries = ScanBaseline.entries(for: report.findings)
        let results = zip(report.findings, entries).map { finding, entry in
            SARIFLog.ResultEntry(
                ruleID: finding.ruleID, severity: finding.severity, message: finding.message,
                uri: uri(finding.path), startLine: finding.line > 0 ? finding.line : nil,
                startColumn: finding.line > 0 && finding.column > 0 ? finding.column : nil,
                fingerprints: [fingerprintName: "\(entry.fingerprint):\(entry.occurrence)"],
                uriBaseID: finding.path.hasPrefix("/") ? nil : rootName)
        }
        let base = URL(fileURLWithPath: report.root, isDirectory: true).absoluteString
        return try SARIFLog.render(
            rules: descriptors, results: results, toolVersion: toolVersion,
            uriBase: (rootName, base.hasSuffix("/") ? base : base + "/"))
    }

    /// `path` as a URI reference: relative paths percent-encoded, absolute ones as `file://` URIs.
    static func uri(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).absoluteString }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
