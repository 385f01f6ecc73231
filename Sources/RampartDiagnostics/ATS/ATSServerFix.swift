import RampartHTTP
import RampartPolicy
import RampartTrust

/// The server-side fix for a URL ATS refuses, in one sentence: what the passing configurations
/// relaxed tells what the server lacks.
///
/// ```swift
/// print(ATSServerFix.advice(for: diagnosis) ?? "ATS's defaults already load it")
/// ```
public enum ATSServerFix {
    /// The advice for `diagnosis`; `nil` when its default configuration passes.
    public static func advice(for diagnosis: ATSDiagnosis) -> String? {
        if diagnosis.defaultPasses { return nil }
        if let keys = diagnosis.minimalException {
            let run = diagnosis.minimalExceptionRun
            let negotiated = [run?.tlsVersion, run?.cipherSuite].compactMap { $0 }.joined(separator: " with ")
            let seen = negotiated.isEmpty ? "" : " (it negotiated \(negotiated))"
            let oldTLS = (keys.minimumTLSVersion ?? .v1_2) < .v1_2
            if keys.allowsInsecureHTTPLoads && diagnosis.url.scheme?.lowercased() == "http" {
                return "serve \(diagnosis.host) over HTTPS (TLS 1.2 or 1.3 with ECDHE suites) and link to https:// URLs"
            }
            if oldTLS && keys.disablesForwardSecrecy {
                return "enable TLS 1.2 (or 1.3) with ECDHE cipher suites on the server\(seen)"
            }
            if oldTLS { return "enable TLS 1.2 (or 1.3) on the server\(seen)" }
            if keys.disablesForwardSecrecy {
                return "enable ECDHE (forward-secret) cipher suites for TLS 1.2 on the server\(seen)"
            }
        }
        if let violation = diagnosis.certificateRuleViolations.first {
            return "replace the certificate: \(violation); reissue it signed with SHA-256 or better, "
                + "with an RSA key of 2048 bits or more or an ECDSA P-256 key"
        }
        let failures = diagnosis.runs.filter { $0.configuration.kind == .arbitraryLoads }.compactMap(\.failure)
        guard let failure = failures.first else { return nil }
        switch failure {
        case .trustFailure(_, let decision):
            for rejection in decision.failures {
                switch rejection {
                case .expired(let subject, _):
                    return "renew the certificate: \(subject) has expired"
                case .notYetValid(let subject, _):
                    return "check the server's clock and the certificate's dates: \(subject) is not valid yet"
                case .hostMismatch(let host):
                    return "serve a certificate whose subjectAltName names \(host)"
                case .untrustedIssuer, .selfSigned:
                    return "serve the whole chain (leaf and intermediates) from a CA the devices trust; "
                        + "for a private CA, install its root on the devices (or trust it here as an extra root)"
                case .atsCertificateRule(let violation):
                    return "replace the certificate: \(violation)"
                case .pinMismatch, .additionalPolicy, .undecodableCertificate:
                    continue
                }
            }
            return "make the certificate chain valid for \(diagnosis.host): \(failure)"
        case .tlsVersionRefused, .forwardSecrecyRequired, .tlsHandshakeFailed:
            return "make the server complete a TLS 1.2 or 1.3 handshake with ECDHE suites (\(failure))"
        default:
            return "make the server answer HTTPS requests (\(failure))"
        }
    }
}
