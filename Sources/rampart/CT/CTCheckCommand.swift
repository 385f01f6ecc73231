import ArgumentParser
import Foundation
import RampartTrust

/// `rampart ct check CERT|HOST:PORT`: each SCT with its log and status, and whether Apple's (or
/// Chrome's) CT policy is met.
struct CTCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a certificate's SCTs against CT log lists and Apple's or Chrome's CT policy.",
        discussion: """
            CERT is PEM or DER; a chain file gives the leaf first and its issuer next (--issuer or
            --chain name the issuer otherwise). HOST:PORT connects, untrusted, and checks the chain
            the server sends. Log lists are Chrome's v3 log_list.json or Apple's v4 list; several
            are merged. Embedded SCTs are verified over the precertificate (the leaf's TBS without
            its SCT list, and the issuer's key hash). A list older than --max-list-age days is
            reported; the exit status still follows the policy.
              rampart ct check leaf.pem --issuer issuer.pem --log-list log_list.json
              rampart ct check example.com:443 --log-list log_list.json --format json
            Exit 0 when the policy is met, 1 when it is not, 2 usage, 65 bad input, 66 missing file,
            74 when HOST:PORT cannot be reached.
            """)

    @Argument(help: "A certificate file (PEM or DER; a chain file: leaf first), or HOST:PORT.")
    var target: String
    @Option(help: "The leaf's issuer (PEM or DER), when the file holds only the leaf.")
    var issuer: String?
    @Option(help: "A chain file (PEM): the issuer is its first certificate that is not the leaf.")
    var chain: String?
    @Option(name: .customLong("log-list"), help: "A CT log list (Chrome v3 or Apple v4 JSON); repeatable.")
    var logLists: [String] = []
    @Option(help: "The time to check at, RFC 3339 (default: now).")
    var at: String?
    @Option(help: "The policy: apple or chrome.")
    var policy: CTPolicy = .apple
    @Option(help: "Days a log list may be old before it is reported as stale (default 60, as Apple).")
    var maxListAge: Int = 60
    @Option(help: "Seconds to wait for HOST:PORT (connection, then TLS handshake).")
    var timeout: Double = 10
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard !logLists.isEmpty else {
            throw ValidationError("give --log-list FILE (Chrome's v3 log_list.json or Apple's v4 list)")
        }
        if let at, CTLogList.date(at) == nil { throw ValidationError("--at '\(at)' is not an RFC 3339 time") }
        guard maxListAge > 0 else { throw ValidationError("--max-list-age must be a number of days above 0") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600")
        }
    }

    func run() async throws {
        let time = at.flatMap(CTLogList.date) ?? Date()
        let certificates: [EncodedCertificate]
        let lists = try logLists.map { try CTLogListFile.read($0, option: "--log-list") }
        do {
            certificates = try await loadChain()
        } catch let error as TrustError {
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
        guard let leaf = certificates.first else {
            throw CommandFailure("\(target) holds no certificate", status: .dataError)
        }
        let checker = CertificateTransparencyChecker(
            logList: CTLogList.merged(lists), policy: policy, maximumLogListAge: Double(maxListAge) * 86_400,
            whenStale: .failClosed)
        let decision = checker.check(leaf: leaf, issuer: certificates.dropFirst().first, at: time)
        switch output.format {
        case .text: try StandardOutput.line(decision.description)
        case .json: try output.printJSON(CTCheckReport(decision))
        }
        if !decision.compliant { throw CommandFailure("", status: .policyViolation) }
    }

    /// The leaf, then its issuer when one was given.
    private func loadChain() async throws -> [EncodedCertificate] {
        var certificates: [EncodedCertificate]
        if let (host, port) = PinShowCommand.endpoint(target) {
            do {
                certificates = try await PinShowCommand.fetch(host: host, port: port, serverName: nil, timeout: timeout)
            } catch let error as TrustError {
                throw error
            } catch {
                throw CommandFailure("\(target): \(error)", status: .ioError)
            }
        } else {
            certificates = try CertificateFile.readEncoded(URL(fileURLWithPath: target))
        }
        for extra in [issuer, chain].compactMap({ $0 }) {
            let more = try CertificateFile.readEncoded(URL(fileURLWithPath: extra))
            certificates += more.filter { $0 != certificates.first }
        }
        return certificates
    }

}

extension CTPolicy: ExpressibleByArgument {}
