import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats audit PLIST…`: findings as text, JSON or SARIF; exit 1 at or above `--fail-on`.
struct ATSAuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit ATS settings: weakenings, mistakes ATS silently ignores, and keys that do nothing.",
        usage: "rampart ats audit [<options>] <plists> ...",
        discussion:
            "Exit 1 when a finding is at or above --fail-on, 65 for a file that is not a plist, 66 for a missing one.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }

    @Argument(help: "Info.plist files (XML or binary), bare ATS dictionaries, or JSON.", transform: PathArgument.path)
    var plists: [String]
    @Option(help: "Output format: text, json or sarif.")
    var format: Format = .text
    @Option(help: "Exit 1 when any finding is at or above this severity: info, low, medium or high.")
    var failOn: FindingSeverity = .high
    @OptionGroup var rules: ATSRuleOptions

    func run() async throws {
        let auditor = ATSAuditor(os: rules.os)
        let reports = try plists.map { auditor.audit(try rules.load($0, strict: false)) }
        switch format {
        case .text: try StandardOutput.line(reports.map { Self.shown($0).renderText() }.joined(separator: "\n\n"))
        case .json: try FormatOptions().printJSON(reports.map(Self.named))
        case .sarif:
            try StandardOutput.write(
                try SARIFLog.render(reports.map(Self.named), toolVersion: Rampart.version) + Data("\n".utf8))
        }
        let failing = reports.flatMap(\.findings).filter { $0.severity >= failOn }.count
        if failing > 0 {
            throw CommandFailure("\(failing) finding(s) at or above \(failOn.rawValue)", status: .policyViolation)
        }
    }

    /// `report` with every field that quotes the file (its name, key paths, keys in messages) as
    /// one field of a text report: a key holding a line feed or an escape sequence is shown escaped.
    static func shown(_ report: ATSAuditReport) -> ATSAuditReport {
        var shown = report
        shown.source = report.source.reportField
        shown.findings = report.findings.map { finding in
            var finding = finding
            finding.source = finding.source.reportField
            finding.keyPath = finding.keyPath.reportField
            finding.message = finding.message.reportField
            finding.fix = finding.fix.reportField
            return finding
        }
        return shown
    }

    /// `report` naming the file as given (JSON holds text: bytes that are not UTF-8 become U+FFFD).
    static func named(_ report: ATSAuditReport) -> ATSAuditReport {
        var named = report
        named.source = PathArgument.jsonName(report.source)
        named.findings = report.findings.map { finding in
            var finding = finding
            finding.source = PathArgument.jsonName(finding.source)
            return finding
        }
        return named
    }
}
