import ArgumentParser
import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTrust
import X509

/// `rampart pin verify`: every pinned domain of an Info.plist (NSPinnedDomains) or a TrustKit
/// configuration, checked against its live server before a release.
struct PinVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check that each pinned domain's server matches its pins, has a backup pin, and is not about to expire.",
        usage: "rampart pin verify (--policy <policy> | --pins <pins>) [<options>]",
        discussion: """
            Reads the pins of an Info.plist (NSAppTransportSecurity → NSPinnedDomains, --policy) or of a TrustKit \
            configuration (TSKConfiguration / TSKPinnedDomains as plist or JSON, --pins), connects to each domain \
            (port 443, or where --connect points it), validates the chain and matches the pins. A domain fails when \
            its chain is not trusted or matches no pin, when it has no backup pin (a pin of a key the server does \
            not use yet), or when the certificates its pins match expire within --warn-days. Domains are checked \
            several at a time; those not done within --max-time are reported as timed out.

              rampart pin verify --policy Info.plist
              rampart pin verify --pins TrustKit.plist --format json \\
                  --connect api.example.com=10.0.0.5:8443

            Exit 0 when every domain is healthy, 1 when any fails, times out or is inside the window (a release \
            guard for CI), 2 usage (a --connect DOMAIN the file does not pin, or given twice, or a port outside \
            1…65535), 65 a file that is not a valid pin configuration, 66 a missing file, 74 when no domain could be \
            reached.
            """)

    @Option(help: "An Info.plist (or ATS dictionary) whose NSPinnedDomains to check.", transform: PathArgument.path)
    var policy: String?
    @Option(
        help: "A TrustKit configuration (plist or JSON) whose TSKPinnedDomains to check.",
        transform: PathArgument.path)
    var pins: String?
    @Option(
        help:
            "Connect DOMAIN (a pinned domain) to HOST:PORT instead of DOMAIN:443 (DOMAIN=HOST:PORT); once per domain, repeatable."
    )
    var connect: [String] = []
    @Option(
        name: .customLong("ca"), help: "Extra trusted roots (PEM or DER); repeatable.",
        transform: PathArgument.path)
    var caFiles: [String] = []
    @Option(
        name: .customLong("warn-days"), help: "Fail when matched certificates expire within this many days (0…3650).",
        transform: BoundedOption.integer(0...3650))
    var warnDays: Int = 30
    @Option(help: "Seconds to wait for each server (connection, then TLS handshake; above 0, at most 3600).")
    var timeout: Double = 10
    @Option(
        name: .customLong("max-time"),
        help: "Seconds the whole check may take (0.1…3600, default 120); domains not done by then are timed out.",
        transform: BoundedOption.seconds())
    var maxTime: Double = 120
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard (policy == nil) != (pins == nil) else { throw ValidationError("give --policy Info.plist or --pins FILE") }
        guard warnDays >= 0 else { throw ValidationError("--warn-days must be 0 or more") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
        var domains: Set<String> = []
        for entry in connect {
            let target = try Self.target(entry)
            guard domains.insert(target.domain).inserted else {
                throw ValidationError(
                    "--connect names \(ControlCharacterEscaping.sanitized(target.domain)) more than once; "
                        + "give one DOMAIN=HOST:PORT per domain")
            }
        }
    }

    func run() async throws {
        let hosts = try loadHosts()
        guard !hosts.isEmpty else {
            throw CommandFailure("\(policy ?? pins ?? "the file") pins no domain", status: .dataError)
        }
        let endpoints = try endpoints(for: hosts)
        let roots = try ExtraRoots.read(caFiles)
        let checker = PinHealthCheck(
            anchors: roots.isEmpty ? .system : .systemPlus(roots), warningDays: warnDays,
            timeout: .milliseconds(Int64(timeout * 1000)))
        let outcomes = await checker.check(hosts, endpoints: endpoints, maxTime: .milliseconds(Int64(maxTime * 1000)))
        let reports = outcomes.map { PinVerifyReport.Domain($0, maxTime: maxTime) }
        let report = PinVerifyReport(domains: reports, warnDays: warnDays)
        switch output.format {
        case .text: try StandardOutput.write(Data(report.text(paint: Terminal.paint).utf8))
        case .json: try output.printJSON(report)
        }
        if reports.allSatisfy({ $0.unreachable }) {
            throw CommandFailure("no pinned domain could be reached", status: .ioError)
        }
        if !report.healthy { throw CommandFailure("", status: .policyViolation) }
    }

    private func loadHosts() throws -> [PinnedHost] {
        let path = policy ?? pins ?? ""
        let option = policy != nil ? "--policy" : "--pins"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("\(option) \(path): no such file", status: .noInput)
        }
        do {
            if policy != nil {
                let document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: path))
                return try PinnedHost.pins(of: document.configuration)
            }
            return try TrustKitConfiguration.pinnedHosts(
                from: try Data(contentsOf: URL(fileURLWithPath: path)), source: path)
        } catch let error as PolicyError {
            throw CommandFailure(ControlCharacterEscaping.sanitized("\(option): \(error)"), status: ExitStatus(error))
        } catch let error as TrustError {
            throw CommandFailure(
                ControlCharacterEscaping.sanitized("\(option): \(error)"), status: ExitStatus(readingFile: error))
        } catch {
            throw CommandFailure("\(option) \(path): \(error.localizedDescription)", status: .ioError)
        }
    }

    /// Each `--connect` target keyed by the pinned domain it names; a domain that is not pinned is a
    /// usage error (2), before any connection: its real server would be contacted instead.
    private func endpoints(for hosts: [PinnedHost]) throws -> [String: Endpoint] {
        let pinned = Set(hosts.map(\.domain))
        var endpoints: [String: Endpoint] = [:]
        for entry in connect {
            let target = try Self.target(entry)
            guard pinned.contains(target.domain) else {
                let file = ControlCharacterEscaping.sanitized(policy ?? pins ?? "the file")
                let names = hosts.map { ControlCharacterEscaping.sanitized($0.domain) }.sorted().joined(separator: ", ")
                throw CommandFailure(
                    "--connect \(ControlCharacterEscaping.sanitized(target.domain)): \(file) pins no such domain "
                        + "(it pins \(names)); give DOMAIN=HOST:PORT for a pinned domain", status: .usage)
            }
            endpoints[target.domain] = target.endpoint
        }
        return endpoints
    }

    /// `DOMAIN=HOST:PORT`: the domain normalised as pinned domains are (lower case, A-labels, no
    /// leading or trailing dot), and where to connect.
    ///
    /// - Throws: `ValidationError` (exit 2) naming what is wrong.
    static func target(_ entry: String) throws -> (domain: String, endpoint: Endpoint) {
        let shown = ControlCharacterEscaping.sanitized(entry)
        guard let equals = entry.firstIndex(of: "=") else {
            throw ValidationError("--connect '\(shown)' is not DOMAIN=HOST:PORT")
        }
        let domain = ATSHost(String(entry[..<equals].drop { $0 == "." })).name
        guard !domain.isEmpty, domain != "." else {
            throw ValidationError("--connect '\(shown)' names no domain before '='; write DOMAIN=HOST:PORT")
        }
        do {
            return (domain, try Endpoint(parsing: String(entry[entry.index(after: equals)...])))
        } catch {
            throw ValidationError("--connect '\(shown)': \(error)")
        }
    }
}
