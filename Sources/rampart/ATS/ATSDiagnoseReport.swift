import Foundation
import RampartDiagnostics
import RampartTrust

/// `rampart ats diagnose`'s report: JSON fields as documented, and text in nscurl's sections.
struct ATSDiagnoseReport: Encodable {
    struct Configuration: Encodable {
        var section: String
        var name: String
        var keys: ATSDictionaryJSON
        var result: String
        var reason: String?
        var tlsVersion: String?
        var cipherSuite: String?
        var status: Int?
        /// The protocol selected by ALPN (`h2`, `http/1.1`) on a passing load.
        var alpn: String?
    }

    var url: String
    var host: String
    var port: Int
    var configurations: [Configuration]
    var defaultPasses: Bool
    var appPasses: Bool?
    /// `{}` when the default passes; `null` when no exception entry makes the URL load.
    var minimalException: ATSDictionaryJSON
    var minimalExceptionPlist: String?
    var arbitraryLoadsPass: Bool
    var chain: [ChainCertificateReport]
    var certificateRuleViolations: [String]
    var ct: CTCheckReport?
    var serverFix: String?
    var notes: [String]

    init(_ diagnosis: ATSDiagnosis, now: Date = Date()) {
        url = diagnosis.url.absoluteString
        host = diagnosis.host
        port = diagnosis.port
        configurations = diagnosis.runs.map { run in
            Configuration(
                section: run.configuration.section, name: run.configuration.name,
                keys: ATSDictionaryJSON(run.configuration), result: run.passed ? "pass" : "fail", reason: run.reason,
                tlsVersion: run.tlsVersion, cipherSuite: run.cipherSuite, status: run.status,
                alpn: run.negotiatedProtocol)
        }
        defaultPasses = diagnosis.defaultPasses
        appPasses = diagnosis.appPasses
        if diagnosis.defaultPasses {
            minimalException = ATSDictionaryJSON(ATSExceptionKeys())  // no keys: {}
        } else {
            minimalException = diagnosis.minimalException.map(ATSDictionaryJSON.init) ?? .null
            minimalExceptionPlist = diagnosis.minimalException?.propertyListFragment(host: diagnosis.host)
        }
        arbitraryLoadsPass = diagnosis.arbitraryLoadsPass
        chain = diagnosis.chain.map { ChainCertificateReport($0, now: now) }
        certificateRuleViolations = diagnosis.certificateRuleViolations
        // The app's row names its file, whose name may hold a line feed: escaped whole, so that
        // only the dictionaries' own line breaks remain.
        dictionaries = diagnosis.runs.map { run in
            guard case .app = run.configuration.kind else { return run.configuration.dictionaryDescription }
            return ControlCharacterEscaping.sanitized(run.configuration.dictionaryDescription)
        }
        ct = diagnosis.transparency.map(CTCheckReport.init)
        serverFix = diagnosis.serverFix
        notes = diagnosis.notes.map(\.description)
    }

    /// The text report: nscurl's header and sections, then what nscurl does not say.
    /// Text from the URL, the server (subjects, reasons) and file names has its control
    /// characters escaped; JSON keeps them exact.
    func text(paint: (String, Int) -> String) -> String {
        let safe = ControlCharacterEscaping.sanitized
        let rule = String(repeating: "=", count: 80)
        var lines = [
            "Starting ATS Diagnostics", "",
            "Configuring ATS Info.plist keys and displaying the result of HTTPS loads to \(safe(url)).",
            "A test will \"PASS\" if the request completes: TLS handshake, trust, ATS rules and an HTTP response.",
            rule,
        ]
        var section: String?
        for (configuration, diagnostic) in zip(configurations, dictionaries) {
            if configuration.section != section {
                section = configuration.section
                lines += ["", safe(configuration.section), "---"]
            }
            lines.append(safe(configuration.name))
            lines.append("ATS Dictionary:")
            lines += diagnostic.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }
            if configuration.result == "pass" {
                let alpn = configuration.tlsVersion == nil ? nil : "ALPN " + (configuration.alpn ?? "none")
                let negotiated = [configuration.tlsVersion, configuration.cipherSuite, alpn].compactMap { $0 }
                    .joined(separator: ", ")
                lines.append("Result : " + paint("PASS", 32) + (negotiated.isEmpty ? "" : " (\(negotiated))"))
            } else {
                lines.append("Result : " + paint("FAIL", 31))
                if let reason = configuration.reason { lines.append(safe("Reason : \(reason)")) }
            }
            lines.append("---")
        }
        lines += ["", rule, "", "Served chain"]
        if chain.isEmpty { lines.append("  (no handshake completed)") }
        for (index, certificate) in chain.enumerated() {
            let expiry =
                certificate.daysToExpiry < 0
                ? "expired \(-certificate.daysToExpiry) days ago" : "\(certificate.daysToExpiry) days to expiry"
            lines.append(safe("  \(index) \(certificate.subject)"))
            lines.append(safe("    issuer: \(certificate.issuer)"))
            lines.append(
                "    key: \(certificate.keyType) \(certificate.keyBits) bits, signed with \(certificate.signatureAlgorithm), \(expiry)"
            )
            lines.append("    pin: \(certificate.spkiPin)")
            for weakness in certificate.weaknesses { lines.append(safe("    weak: \(weakness)")) }
        }
        lines.append("")
        if certificateRuleViolations.isEmpty {
            lines.append("ATS certificate rules: met (RSA ≥ 2048 or EC ≥ 256 bits, SHA-2 signatures)")
        } else {
            lines.append("ATS certificate rules: broken")
            lines += certificateRuleViolations.map { safe("  - \($0)") }
        }
        if let ct {
            let valid = ct.scts.filter { $0.status == "valid" }.count
            lines.append(
                "Certificate Transparency: \(ct.scts.count) SCT(s), \(valid) valid; "
                    + (ct.compliant ? "meets" : "does not meet") + " the \(ct.policy) policy")
            lines += ct.missing.map { safe("  missing: \($0)") }
        }
        lines += ["", "Verdict"]
        lines.append("  ATS default configuration: " + (defaultPasses ? paint("PASS", 32) : paint("FAIL", 31)))
        if let appPasses {
            lines.append("  The app's configuration: " + (appPasses ? paint("PASS", 32) : paint("FAIL", 31)))
        }
        if !defaultPasses {
            if let minimalExceptionPlist {
                lines.append("  Smallest exception that loads it (paste inside NSAppTransportSecurity):")
                lines += minimalExceptionPlist.split(separator: "\n").map { safe("    " + $0) }
            } else if arbitraryLoadsPass {
                lines.append("  No exception entry loads it; only NSAllowsArbitraryLoads does (do not ship that).")
            } else {
                lines.append("  No ATS configuration loads it: the problem is trust or the server, not ATS.")
            }
        }
        if let serverFix { lines.append(safe("  Fix on the server: \(serverFix)")) }
        lines += notes.map { safe("  Note: \($0)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each configuration's dictionary in `NSDictionary` style, as nscurl's verbose output shows it.
    private var dictionaries: [String]

    private enum CodingKeys: String, CodingKey {
        case url, host, port, configurations, defaultPasses, appPasses, minimalException, minimalExceptionPlist,
            arbitraryLoadsPass, chain, certificateRuleViolations, ct, serverFix, notes
    }
}
