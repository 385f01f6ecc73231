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
        discussion: """
            Reads the pins of an Info.plist (NSAppTransportSecurity → NSPinnedDomains, --policy) or
            of a TrustKit configuration (TSKConfiguration / TSKPinnedDomains as plist or JSON,
            --pins), connects to each domain (port 443, or where --connect points it), validates the
            chain and matches the pins. A domain fails when its chain is not trusted or matches no
            pin, when it has no backup pin (a pin of a key the server does not use yet), or when the
            certificates its pins match expire within --warn-days.
              rampart pin verify --policy Info.plist
              rampart pin verify --pins TrustKit.plist --connect api.example.com=10.0.0.5:8443 --format json
            Exit 0 when every domain is healthy, 1 when any fails or is inside the window (a release
            guard for CI), 2 usage, 65 a file that is not a configuration, 66 a missing file, 74
            when no domain could be reached.
            """)

    @Option(help: "An Info.plist (or ATS dictionary) whose NSPinnedDomains to check.")
    var policy: String?
    @Option(help: "A TrustKit configuration (plist or JSON) whose TSKPinnedDomains to check.")
    var pins: String?
    @Option(help: "Connect DOMAIN to HOST:PORT instead of DOMAIN:443 (DOMAIN=HOST:PORT); repeatable.")
    var connect: [String] = []
    @Option(name: .customLong("ca"), help: "Extra trusted roots (PEM or DER); repeatable.")
    var caFiles: [String] = []
    @Option(name: .customLong("warn-days"), help: "Fail when matched certificates expire within this many days.")
    var warnDays: Int = 30
    @Option(help: "Seconds to wait for each server (connection, then TLS handshake).")
    var timeout: Double = 10
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard (policy == nil) != (pins == nil) else { throw ValidationError("give --policy Info.plist or --pins FILE") }
        guard warnDays >= 0 else { throw ValidationError("--warn-days must be 0 or more") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
        for entry in connect where Self.address(entry) == nil {
            throw ValidationError("--connect '\(entry)' is not DOMAIN=HOST:PORT")
        }
    }

    func run() async throws {
        let hosts = try loadHosts()
        guard !hosts.isEmpty else {
            throw CommandFailure("\(policy ?? pins ?? "the file") pins no domain", status: .dataError)
        }
        let roots = try ExtraRoots.read(caFiles)
        let addresses = Dictionary(connect.compactMap(Self.address).map { ($0.domain, ($0.host, $0.port)) }) { $1 }
        let checker = PinHealthCheck(
            anchors: roots.isEmpty ? .system : .systemPlus(roots), warningDays: warnDays,
            timeout: .milliseconds(Int64(timeout * 1000)))
        var reports: [PinVerifyReport.Domain] = []
        for host in hosts {
            let address = addresses[host.domain]
            do {
                reports.append(PinVerifyReport.Domain(try await checker.check(host, address: address)))
            } catch {
                reports.append(
                    PinVerifyReport.Domain(
                        unreachable: host, host: address?.0 ?? host.domain, port: address?.1 ?? 443, reason: "\(error)")
                )
            }
        }
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
            throw CommandFailure("\(option): \(error)", status: ExitStatus(error))
        } catch let error as TrustError {
            throw CommandFailure("\(option): \(error)", status: ExitStatus(error))
        } catch {
            throw CommandFailure("\(option) \(path): \(error.localizedDescription)", status: .ioError)
        }
    }

    /// `DOMAIN=HOST:PORT`.
    static func address(_ entry: String) -> (domain: String, host: String, port: Int)? {
        guard let equals = entry.firstIndex(of: "="),
            let (host, port) = PinShowCommand.endpoint(String(entry[entry.index(after: equals)...]))
        else { return nil }
        let domain = entry[..<equals].lowercased()
        return domain.isEmpty ? nil : (domain, host, port)
    }
}
