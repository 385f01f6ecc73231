import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats explain PLIST URL`: which entry applied and why, step by step.
struct ATSExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Show which ATS entry applies to a URL, and why, step by step.",
        usage: "rampart ats explain [<options>] <plist> <url>")

    @Argument(
        help: "An Info.plist (XML or binary), a bare NSAppTransportSecurity dictionary, or JSON.",
        transform: PathArgument.path)
    var plist: String
    @Argument(help: "The URL.")
    var url: String
    @Option(help: "Load kind: standard, media or web.")
    var load: ATSLoadKind = .standard
    @OptionGroup var rules: ATSRuleOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let document = try rules.load(plist, strict: false)
        let decision: ATSDecision
        do {
            decision = try ATSPolicy(document.configuration, os: rules.os).explain(
                try ATSRuleOptions.url(url), load: load)
        } catch let error as PolicyError {
            throw CommandFailure(error.description, status: .usage)
        }
        switch output.format {
        case .json: try output.printJSON(decision)
        case .text:
            try StandardOutput.line(ATSCheckCommand.line(for: decision))
            for (index, step) in decision.steps.enumerated() {
                try StandardOutput.line("  \(index + 1). \(step.reportField)")
            }
            for diagnostic in document.diagnostics {
                try StandardOutput.line("  note: \(String(describing: diagnostic).reportField)")
            }
        }
    }
}
