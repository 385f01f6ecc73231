import ArgumentParser
import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTrust

/// `rampart ct check CERT|HOST:PORT`: each SCT with its log and status, and whether Apple's (or
/// Chrome's) CT policy is met.
struct CTCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a certificate's SCTs against CT log lists and Apple's or Chrome's CT policy.",
        usage: "rampart ct check [<options>] <target>",
        discussion: """
            CERT is PEM or DER; a chain file gives the leaf first and its issuer next (--issuer or --chain name the \
            issuer otherwise). HOST:PORT connects, untrusted, and checks the chain the server sends.

            Log lists are Chrome's v3 log_list.json or Apple's v4 list (a file, a pipe, <(curl …) or - for standard \
            input), at most --max-list-size bytes each; several are merged; a list with an ambiguous or duplicated \
            log, or a date that is not strict RFC 3339, is refused whole. Embedded SCTs are verified over the \
            precertificate (the leaf's TBS without its SCT list, and the issuer's key hash). A list older than \
            --max-list-age days is reported (so is a list dated in the future, or undated); the exit status still \
            follows the policy.

              rampart ct check leaf.pem --issuer issuer.pem --log-list log_list.json
              rampart ct check example.com:443 --log-list log_list.json --format json

            Exit 0 when the policy is met, 1 when it is not, 2 usage (an option out of its range), 65 bad input (a \
            log list that is not one, empty or too large; a certificate whose SCT list is malformed, after the \
            report), 66 missing file, 74 when a file cannot be read or HOST:PORT cannot be reached.
            """)

    @Argument(
        help: "A certificate file (PEM or DER; a chain file: leaf first), or HOST:PORT.",
        transform: PathArgument.path)
    var target: String
    @Option(help: "The leaf's issuer (PEM or DER), when the file holds only the leaf.", transform: PathArgument.path)
    var issuer: String?
    @Option(
        help: "A chain file (PEM): the issuer is its first certificate that is not the leaf.",
        transform: PathArgument.path)
    var chain: String?
    @Option(
        name: .customLong("log-list"),
        help: "A CT log list (Chrome v3 or Apple v4 JSON; a file, a pipe or - for stdin); repeatable.",
        transform: PathArgument.path)
    var logLists: [String] = []
    @Option(help: "The time to check at, RFC 3339, such as 2026-11-01T12:00:00Z (default: now).")
    var at: String?
    @Option(help: "The policy: apple or chrome.")
    var policy: CTComplianceRules = .apple
    @Option(
        help: "Days a log list may be old before it is reported as stale, 1…36500 (default 60, as Apple).",
        transform: BoundedOption.integer(CTCheckCommand.maxListAgeRange))
    var maxListAge: Int = 60
    @Option(
        help: ArgumentHelp(
            "The largest log list read, in bytes, 1…1073741824 (default 8388608, 8 MiB; real lists are about 100 KB).",
            valueName: "bytes"),
        transform: BoundedOption.integer(CTCheckCommand.maxListSizeRange))
    var maxListSize: Int = CTLogList.defaultMaximumSize
    @Option(
        help: "Seconds to wait for HOST:PORT (connection, then TLS handshake), 0.1…3600.",
        transform: BoundedOption.seconds())
    var timeout: Double = 10
    @OptionGroup var output: FormatOptions

    func validate() throws {
        guard !logLists.isEmpty else {
            throw ValidationError("give --log-list FILE (Chrome's v3 log_list.json or Apple's v4 list)")
        }
        if let at {
            do throws(RFC3339Date.Failure) {
                _ = try RFC3339Date.date(from: at)
            } catch {
                throw ValidationError("--at: \(error)")
            }
        }
        // HOST:PORT with a port outside 1…65535 is a usage error before any work.
        _ = try PinShowCommand.endpoint(target)
    }

    func run() async throws {
        let time = at.flatMap { RFC3339Date.parse($0) } ?? Date()
        let certificates: [EncodedCertificate]
        let lists = try logLists.map { try CTLogListFile.read($0, option: "--log-list", maximumSize: maxListSize) }
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
        case .text:
            // One report line per entry: a log's description or operator holding a line break stays on its line.
            try StandardOutput.line(decision.lines.map(ControlCharacterEscaping.sanitized).joined(separator: "\n"))
        case .json: try output.printJSON(CTCheckReport(decision))
        }
        if let malformed = decision.malformedSCTList {
            throw CommandFailure(
                "\(target): the certificate's Signed Certificate Timestamp list is malformed: \(malformed)",
                status: .dataError)
        }
        if !decision.compliant { throw CommandFailure("", status: .policyViolation) }
    }

    /// `--max-list-age`: a day up to 100 years (so days × 86,400 seconds is always a finite interval);
    /// checked while the command line is parsed (``BoundedOption``), like `--max-list-size` and `--timeout`.
    static let maxListAgeRange = 1...36_500
    /// `--max-list-size`: a byte up to 1 GiB.
    static let maxListSizeRange = 1...(1 << 30)

    /// The leaf, then its issuer when one was given.
    private func loadChain() async throws -> [EncodedCertificate] {
        var certificates: [EncodedCertificate]
        if let endpoint = try PinShowCommand.endpoint(target) {
            do {
                certificates = try await PinShowCommand.fetch(endpoint, serverName: nil, timeout: timeout)
            } catch let error as TrustError {
                throw error
            } catch let failure as ServedChainProbe.Failure {
                throw CommandFailure(
                    "\(target): \(failure)" + FlagHint.hint(for: failure, serverName: false),
                    status: ExitStatus(failure))
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

extension CTComplianceRules: ExpressibleByArgument {}
