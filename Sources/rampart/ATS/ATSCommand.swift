import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats`: App Transport Security from a real Info.plist.
struct ATSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ats",
        abstract: "Decide, explain and audit App Transport Security settings from an Info.plist.",
        subcommands: [ATSCheckCommand.self, ATSExplainCommand.self, ATSAuditCommand.self])
}

/// Options every `ats` verb shares.
struct ATSRuleOptions: ParsableArguments {
    @Option(help: "OS generation whose ATS rules apply: ios9, ios10 (iOS 10–16) or ios17 (17 and later).")
    var os: ATSOSGeneration = .newest

    /// Loads a plist, refusing (exit 65) one whose values ATS would ignore.
    func load(_ path: String, strict: Bool) throws -> ATSDocument {
        let document: ATSDocument
        do {
            document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: path))
        } catch let error as PolicyError {
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
        if strict && document.hasErrors {
            let listed = document.diagnostics.filter { $0.severity == .error }.map { "  \($0)" }.joined(separator: "\n")
            throw CommandFailure(
                "\(path) has values ATS would ignore, so no decision would be reliable:\n\(listed)\n"
                    + "Fix them, or run `rampart ats audit \(path)` for the whole picture.",
                status: .dataError)
        }
        return document
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
