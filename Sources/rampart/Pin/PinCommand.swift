import ArgumentParser
import Foundation
import RampartDiagnostics
import RampartTrust
import X509

/// `rampart pin FILE…`: every certificate's names, key, signature, validity and SPKI pin, or a
/// ready pinning configuration.
struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Compute SPKI pins (sha256/…) of certificates, or a ready NSPinnedDomains / TrustKit entry.",
        discussion: """
            Reads PEM files (one or many certificates; '-' for standard input) or DER files, or
            connects to HOST:PORT (or [IPv6]:PORT) and shows the chain the server sent, untrusted.
            Pins equal `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
            Exit 65 for input that is not a certificate, 66 for a missing file.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, plist, trustkit }

    @Argument(help: "Certificate files (PEM or DER), leaf first for plist/trustkit output, or HOST:PORT.")
    var files: [String]
    @Option(help: "The TLS server name (SNI) to send to HOST:PORT (default: the host).")
    var serverName: String?
    @Option(help: "Output: text, json, plist (an NSPinnedDomains entry) or trustkit (a TSKPinnedDomains entry).")
    var format: Format = .text
    @Option(help: "The domain for plist/trustkit output (default: the leaf's first DNS name).")
    var domain: String?
    @Flag(help: "Mark the plist/trustkit entry as including subdomains.")
    var includeSubdomains = false

    func run() async throws {
        var chain: [Certificate] = []
        for file in files {
            do {
                if let (host, port) = Self.endpoint(file) {
                    chain += try await ServedChainProbe.fetch(host: host, port: port, serverName: serverName)
                } else if file == "-" {
                    chain += try CertificateFile.parse(
                        FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
                } else {
                    chain += try CertificateFile.read(URL(fileURLWithPath: file))
                }
            } catch let error as TrustError {
                throw CommandFailure(error.description, status: ExitStatus(rawValue: error.exitCode) ?? .dataError)
            } catch let error as ServedChainProbe.Failure {
                throw CommandFailure(error.description, status: .ioError)
            }
        }
        switch format {
        case .text:
            for (index, summary) in try chain.map(CertificateSummary.init).enumerated() {
                print(Self.render(summary, index: index))
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
            print(String(decoding: xml, as: UTF8.self), terminator: "")
        }
    }

    /// `HOST:PORT` or `[IPv6]:PORT` when `argument` is not an existing file; anything else is a file.
    static func endpoint(_ argument: String) -> (String, Int)? {
        guard !FileManager.default.fileExists(atPath: argument), let colon = argument.lastIndex(of: ":"),
            let port = Int(argument[argument.index(after: colon)...]), (1...65535).contains(port)
        else { return nil }
        var host = String(argument[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("/") else { return nil }
        return (host, port)
    }

    static func render(_ summary: CertificateSummary, index: Int) -> String {
        let dates = ISO8601DateFormatter()
        return """
            [\(index)] \(summary.subject)\(summary.isCertificateAuthority ? " (CA)" : "")
                issuer:     \(summary.issuer)
                key:        \(summary.keyType) \(summary.keyBits) bits
                signature:  \(summary.signatureAlgorithm)
                validity:   \(dates.string(from: summary.notValidBefore)) … \(dates.string(from: summary.notValidAfter))
                SPKI pin:   \(summary.spkiPin)
                cert SHA-256: \(summary.certificateSHA256)
            """
    }

    static func firstDNSName(_ leaf: Certificate) throws -> String {
        if let names = try leaf.extensions.subjectAlternativeNames {
            for name in names {
                if case .dnsName(let dns) = name { return dns }
            }
        }
        throw CommandFailure("the leaf names no DNS host; pass --domain NAME", status: .usage)
    }
}
