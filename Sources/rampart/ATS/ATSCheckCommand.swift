import ArgumentParser
import Foundation
import RampartPolicy

/// `rampart ats check PLIST URL…`: one line per URL; exit 1 when any is blocked.
struct ATSCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Say whether ATS allows each URL, and what it then requires.",
        usage: "rampart ats check [<options>] <plist> <urls> ...",
        discussion: """
            Values ATS ignores (a wrong type such as <string>YES</string> for a Boolean, an unknown TLS version, a \
            malformed pin) are ignored here too, as iOS does: the decision is made with the rest and each one is \
            printed as a warning on standard error. --strict refuses such a plist instead.

            Exit 0 when every URL is allowed, 1 when any is blocked, 65 for a malformed plist (or, with --strict, \
            one with ignored values).
            """)

    @Argument(
        help: "An Info.plist (XML or binary), a bare NSAppTransportSecurity dictionary, or JSON.",
        transform: PathArgument.path)
    var plist: String
    @Argument(help: "URLs to decide on.")
    var urls: [String]
    @Option(help: "Load kind: standard, media or web.")
    var load: ATSLoadKind = .standard
    @Flag(help: "Refuse (exit 65) a plist with values ATS ignores, instead of deciding without them.")
    var strict = false
    @OptionGroup var rules: ATSRuleOptions
    @OptionGroup var output: FormatOptions

    func run() async throws {
        let loaded = ATSLoadedPolicy(try rules.load(plist, strict: strict), os: rules.os)
        for value in loaded.ignoredValues { Terminal.warn(Self.warning(value, in: plist)) }
        let policy = loaded.policy
        var decisions: [ATSDecision] = []
        for text in urls {
            do {
                decisions.append(try policy.requirements(for: try ATSRuleOptions.url(text), load: load))
            } catch let error as PolicyError {
                throw CommandFailure(error.description, status: .usage)
            }
        }
        switch output.format {
        case .json: try output.printJSON(decisions)
        case .text: for decision in decisions { try StandardOutput.line(Self.line(for: decision)) }
        }
        if decisions.contains(where: { !$0.isAllowed }) {
            throw CommandFailure(
                "ATS blocks \(decisions.filter { !$0.isAllowed }.count) of \(decisions.count) URL(s)",
                status: .policyViolation)
        }
    }

    /// One ignored value as a warning: where, what ATS expects, what the file holds.
    static func warning(_ value: ATSDiagnostic, in path: String) -> String {
        let what =
            if let expected = value.expected, let found = value.found {
                "expected \(expected), found \(found)"
            } else {
                value.message
            }
        return "rampart: warning: \(path): \(value.keyPath): \(what); ignored, as iOS does: decided without it "
            + "(--strict refuses the file)"
    }

    static func line(for decision: ATSDecision) -> String {
        guard decision.isAllowed else {
            return "BLOCKED \(decision.url.reportField): \((decision.reason ?? "").reportField)"
        }
        let requirements = decision.requirements
        var parts: [String] = []
        if !requirements.enforced {
            parts.append("ATS not enforced")
        } else {
            parts.append("TLS ≥ \(requirements.minimumTLSVersion.rawValue)")
            parts.append(requirements.requiresForwardSecrecy ? "forward secrecy" : "no forward secrecy")
            if requirements.requiresCertificateTransparency { parts.append("certificate transparency") }
        }
        if requirements.allowsCleartext { parts.append("cleartext allowed") }
        if let pins = requirements.pins {
            parts.append(
                "pinned (\(pins.leafPins.count) leaf, \(pins.caPins.count) CA via \(pins.domains.map(\.reportField).joined(separator: ", ")))"
            )
        }
        return "ALLOWED \(decision.url.reportField): \(parts.joined(separator: ", ")) [\(describe(decision.rule))]"
    }

    static func describe(_ rule: ATSDecision.Rule) -> String {
        switch rule {
        case .exceptionDomain(let key): return "NSExceptionDomains \(key.reportField)"
        case .localNetworking: return "local networking"
        case .arbitraryLoadsForMedia: return "NSAllowsArbitraryLoadsForMedia"
        case .arbitraryLoadsInWebContent: return "NSAllowsArbitraryLoadsInWebContent"
        case .arbitraryLoads: return "NSAllowsArbitraryLoads"
        case .defaults: return "ATS defaults"
        }
    }
}
