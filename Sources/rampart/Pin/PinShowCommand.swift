import ArgumentParser
import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTrust
import X509

/// `rampart pin [show] FILE…`: every certificate's names, key, signature, validity and SPKI pin, or a
/// ready pinning configuration.
struct PinShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Compute SPKI pins (sha256/…) of certificates, or a ready NSPinnedDomains / TrustKit entry.",
        usage: "rampart pin show [<options>] <files> ...",
        discussion: """
            Reads PEM files (one or many certificates; '-' for standard input) or DER files, or connects to \
            HOST:PORT (or [IPv6]:PORT) and shows the chain the server sent, untrusted. Pins equal `openssl x509 \
            -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.

            Certificates whose key swift-certificates does not decode (RSA under 2048 bits, DSA, Ed448, secp256k1, \
            brainpool, P-192, …) are shown and pinned too; weak keys and MD5/SHA-1 signatures get a warning line (a \
            "weaknesses" list in JSON).

            Exit 2 for a bad option or a HOST:PORT whose port is outside 1…65535 (checked before any connection), 65 \
            for input that is not a certificate (or an empty file), 66 for a missing file or a directory, 74 when \
            HOST:PORT cannot be reached or does not answer in TLS.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, plist, trustkit }

    @Argument(
        help: "Certificate files (PEM or DER), leaf first for plist/trustkit output, or HOST:PORT.",
        transform: PathArgument.path)
    var files: [String]
    @Option(help: "The TLS server name (SNI) to send to HOST:PORT (default: the host).")
    var serverName: String?
    @Option(
        help: "Seconds to wait for HOST:PORT to accept the connection, and again for its TLS handshake (at most 3600).")
    var timeout: Double = 10
    @Option(help: "Output: text, json, plist (an NSPinnedDomains entry) or trustkit (a TSKPinnedDomains entry).")
    var format: Format = .text
    @Option(help: "The domain for plist/trustkit output (default: the leaf's first DNS name).")
    var domain: String?
    @Flag(help: "Mark the plist/trustkit entry as including subdomains.")
    var includeSubdomains = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600 (got \(timeout))")
        }
        // Every HOST:PORT is checked before the first connection.
        for file in files { _ = try Self.endpoint(file) }
    }

    func run() async throws {
        var chain: [EncodedCertificate] = []
        for file in files {
            do {
                if let endpoint = try Self.endpoint(file) {
                    chain += try await Self.fetch(endpoint, serverName: serverName, timeout: timeout)
                } else if file == "-" {
                    let bytes = try StandardInput.readAll(limit: 16 << 20, purpose: "the certificates")
                    chain += try CertificateFile.parseEncoded(bytes, source: "standard input")
                } else {
                    chain += try CertificateFile.readEncoded(URL(fileURLWithPath: file))
                }
            } catch let error as TrustError {
                throw CommandFailure(error.description, status: ExitStatus(error))
            } catch let error as ServedChainProbe.Failure {
                throw CommandFailure(
                    error.description + FlagHint.hint(for: error, serverName: true), status: ExitStatus(error))
            }
        }
        switch format {
        case .text:
            for (index, summary) in try chain.map(CertificateSummary.init).enumerated() {
                try StandardOutput.line(Self.render(summary, index: index))
            }
        case .json:
            try FormatOptions().printJSON(try chain.map(CertificateSummary.init))
        case .plist, .trustkit:
            guard let leaf = chain.first else { return }
            let name = try domain ?? Self.firstDNSName(leaf)
            let xml =
                format == .plist
                ? try PinConfigurationExport.nsPinnedDomains(
                    domain: name, chain: chain, includeSubdomains: includeSubdomains)
                : try PinConfigurationExport.trustKitPinnedDomains(
                    domain: name, chain: chain, includeSubdomains: includeSubdomains)
            try StandardOutput.write(xml)
        }
    }

    /// The chain `endpoint` serves, whatever its keys; a certificate that is not DER is bad data (65).
    static func fetch(_ endpoint: Endpoint, serverName: String?, timeout: Double) async throws
        -> [EncodedCertificate]
    {
        try await ServedChainProbe.fetchEncoded(
            endpoint, serverName: serverName, timeout: .nanoseconds(Int64(timeout * 1e9)))
    }

    /// `HOST:PORT` or `[IPv6]:PORT` when `argument` is not an existing file and has that shape
    /// (`Endpoint(ifHostPort:)`); anything else is a file.
    ///
    /// - Throws: `ValidationError` (exit 2) for a port outside 1…65535 or an unusable host.
    static func endpoint(_ argument: String) throws -> Endpoint? {
        guard !FileManager.default.fileExists(atPath: argument) else { return nil }
        do {
            return try Endpoint(ifHostPort: argument)
        } catch {
            throw ValidationError("'\(ControlCharacterEscaping.sanitized(argument))' is not HOST:PORT: \(error)")
        }
    }

    /// One certificate as text (control characters escaped); each weakness of its key or signature
    /// is a `warning:` line.
    static func render(_ summary: CertificateSummary, index: Int) -> String {
        let size = summary.keyBits > 0 ? " \(summary.keyBits) bits" : ""
        let lines =
            [
                "[\(index)] \(summary.subject)\(summary.isCertificateAuthority ? " (CA)" : "")",
                "    issuer:     \(summary.issuer)",
                "    key:        \(summary.keyType)\(size)",
                "    signature:  \(summary.signatureAlgorithm)",
            ] + summary.weaknesses.map { "    warning:    \($0)" }
            + [
                "    validity:   \(RFC3339Date.string(from: summary.notValidBefore)) … \(RFC3339Date.string(from: summary.notValidAfter))",
                "    SPKI pin:   \(summary.spkiPin)",
                "    cert SHA-256: \(summary.certificateSHA256)",
            ]
        // Subjects and issuers are the server's or the file's words: a control character in them is escaped.
        return lines.map(ControlCharacterEscaping.sanitized).joined(separator: "\n")
    }

    static func firstDNSName(_ leaf: EncodedCertificate) throws -> String {
        if let names = try leaf.extensions.subjectAlternativeNames {
            for name in names {
                if case .dnsName(let dns) = name { return dns }
            }
        }
        throw CommandFailure("the leaf names no DNS host; pass --domain NAME", status: .usage)
    }
}
