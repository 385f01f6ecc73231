import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats audit PLIST…`: findings as text, JSON or SARIF; exit 1 at or above `--fail-on`.
struct ATSAuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit ATS settings: weakenings, mistakes ATS silently ignores, and keys that do nothing.",
        discussion:
            "Exit 1 when a finding is at or above --fail-on, 65 for a file that is not a plist, 66 for a missing one.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }

    @Argument(help: "Info.plist files (XML or binary), bare ATS dictionaries, or JSON.")
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
        case .text: try StandardOutput.line(reports.map { $0.renderText() }.joined(separator: "\n\n"))
        case .json: try FormatOptions().printJSON(reports)
        case .sarif:
            try StandardOutput.write(try SARIFLog.render(reports, toolVersion: Rampart.version) + Data("\n".utf8))
        }
        let failing = reports.flatMap(\.findings).filter { $0.severity >= failOn }.count
        if failing > 0 {
            throw CommandFailure("\(failing) finding(s) at or above \(failOn.rawValue)", status: .policyViolation)
        }
    }
}
