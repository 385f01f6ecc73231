import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTrust

/// `rampart pin verify`'s report, per pinned domain.
struct PinVerifyReport: Encodable {
    struct Pin: Encodable {
        var pin: String
        var matches: [String]
        var backup: Bool
        var daysToExpiry: Int?
    }

    struct Domain: Encodable {
        var domain: String
        var host: String
        var port: Int
        var passes: Bool
        /// The library's verdict (``PinHealth/isHealthy``); false when the domain was not checked.
        var healthy: Bool
        var unreachable: Bool
        /// Not finished within `--max-time`.
        var timedOut: Bool
        var pins: [Pin]
        var backupPins: Int
        var daysToExpiry: Int?
        var problems: [String]
        /// A stable code per problem, in the order of `problems` (``PinHealthProblem/code``;
        /// `unreachable` or `timedOut` for a domain not checked).
        var problemCodes: [String]

        init(_ health: PinHealth) {
            domain = health.domain
            host = health.host
            port = health.port
            passes = health.passes
            healthy = health.isHealthy
            unreachable = false
            timedOut = false
            pins = health.pins.map {
                Pin(pin: $0.pin, matches: $0.subjects, backup: $0.positions.isEmpty, daysToExpiry: $0.daysToExpiry)
            }
            backupPins = health.backupPins.count
            daysToExpiry = health.daysToExpiry
            problems = health.problems.map(\.description)
            problemCodes = health.problems.map(\.code)
        }

        init(_ outcome: PinHealthOutcome, maxTime: Double) {
            switch outcome {
            case .checked(let health): self.init(health)
            case .unreachable(let pinned, let endpoint, let reason):
                self.init(unreachable: pinned, endpoint: endpoint, reason: reason.description + Self.hint(reason))
            case .timedOut(let pinned, let endpoint):
                self.init(unreachable: pinned, endpoint: endpoint, reason: "")
                problemCodes = ["timedOut"]
                unreachable = false
                timedOut = true
                let seconds = maxTime == maxTime.rounded() ? String(Int(maxTime)) : String(maxTime)
                problems = ["timed out: not checked within --max-time \(seconds) s (the server did not finish in time)"]
            }
        }

        /// A host that was not checked; without the `endpoint` it would have dialled (a domain that
        /// is no usable host), the row names the pinned domain and port 443.
        init(unreachable pinned: PinnedHost, endpoint: Endpoint?, reason: String) {
            domain = pinned.domain
            host = endpoint?.host.name ?? pinned.domain
            port = endpoint?.port ?? 443
            passes = false
            healthy = false
            unreachable = true
            timedOut = false
            pins = pinned.pins.map { Pin(pin: $0.displayName, matches: [], backup: false, daysToExpiry: nil) }
            backupPins = 0
            daysToExpiry = nil
            problems = ["cannot check: \(reason)"]
            problemCodes = ["unreachable"]
        }

        /// The command line's hint for a probe failure (the library names no flag).
        private static func hint(_ reason: PinHealthError) -> String {
            if case .probe(let failure) = reason { return FlagHint.hint(for: failure, serverName: false) }
            return ""
        }
    }

    var domains: [Domain]
    var warnDays: Int
    var healthy: Bool { domains.allSatisfy(\.healthy) }

    private enum CodingKeys: String, CodingKey { case domains, warnDays, healthy }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domains, forKey: .domains)
        try container.encode(warnDays, forKey: .warnDays)
        try container.encode(healthy, forKey: .healthy)
    }

    func text(paint: (String, Int) -> String) -> String {
        var lines: [String] = []
        // Domains, hosts, subjects and messages come from the file and the servers: control
        // characters in them are escaped (JSON keeps them exact).
        let escaped = ControlCharacterEscaping.escaped
        let sanitized = ControlCharacterEscaping.sanitized
        for domain in domains {
            let verdict =
                domain.healthy ? paint("OK", 32) : domain.timedOut ? paint("TIMED OUT", 31) : paint("FAIL", 31)
            let host = domain.host.contains(":") ? "[\(domain.host)]" : domain.host
            lines.append("\(escaped(domain.domain)) (\(escaped(host)):\(domain.port)): " + verdict)
            for pin in domain.pins {
                let use =
                    pin.backup
                    ? "backup (matches no served certificate)"
                    : pin.matches.isEmpty ? "not checked" : "matches \(pin.matches.joined(separator: ", "))"
                let days = pin.daysToExpiry.map { ", expires in \($0) days" } ?? ""
                lines.append(sanitized("  \(pin.pin): \(use)\(days)"))
            }
            lines += domain.problems.map { sanitized("  problem: \($0)") }
        }
        lines.append(healthy ? "All pinned domains are healthy." : "Some pinned domains would fail or soon could.")
        return lines.joined(separator: "\n") + "\n"
    }
}
