import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats`: App Transport Security from a real Info.plist.
struct ATSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ats",
        abstract: "Decide, explain and audit App Transport Security settings from an Info.plist.",
        subcommands: [ATSCheckCommand.self, ATSExplainCommand.self, ATSAuditCommand.self, ATSDiagnoseCommand.self])
}

/// Options every `ats` verb shares.
struct ATSRuleOptions: ParsableArguments {
    @Option(
        help: """
            OS generation whose ATS rules apply: ios9, ios10 (iOS 10–16), ios17 (17.0–18.3: local hosts \
            need NSAllowsLocalNetworking) or ios18.4 (18.4 and later: local hosts exempt unless it is NO).
            """)
    var os: ATSOSGeneration = .newest

    /// Loads a plist; `strict` refuses (exit 65) one whose values ATS would ignore, with the
    /// library's own rule (``ATSDocument/loadStrictly(contentsOf:)``).
    func load(_ path: String, strict: Bool) throws -> ATSDocument {
        let url = URL(fileURLWithPath: path)
        do {
            return try strict ? ATSDocument.loadStrictly(contentsOf: url) : ATSDocument.load(contentsOf: url)
        } catch let error as PolicyError {
            var message = error.description
            if case .ignoredValues = error { message += ", or run `rampart ats audit \(path)` for the whole picture." }
            throw CommandFailure(message, status: ExitStatus(error))
        }
    }

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else {
            throw CommandFailure("'\(text)' is not a URL; give an absolute http:// or https:// URL", status: .usage)
        }
        return url
    }
}

extension ATSOSGeneration: ExpressibleByArgument {}
extension ATSLoadKind: ExpressibleByArgument {}
extension FindingSeverity: ExpressibleByArgument {}
