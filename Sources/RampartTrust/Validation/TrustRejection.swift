import Foundation
import RampartPolicy

/// Why a chain is not trusted. Every case blocks the connection, even in report-only pinning mode,
/// except ``pinMismatch(_:)`` under report-only.
public enum TrustRejection: Sendable, Hashable, CustomStringConvertible {
    case expired(subject: String, notValidAfter: Date)
    case notYetValid(subject: String, notValidBefore: Date)
    /// The leaf does not name the host (DNS name or IP address).
    case hostMismatch(host: String)
    /// The leaf signed itself and is not a trusted root.
    case selfSigned(subject: String)
    /// No path to a trusted root: an unknown CA, or a missing intermediate.
    case untrustedIssuer(issuer: String, detail: String)
    /// A served certificate could not be decoded (`position` 0 is the leaf). swift-certificates
    /// refuses RSA keys under 2048 bits at this stage, so weak RSA leaves from the wire end here.
    case undecodableCertificate(position: Int, detail: String)
    /// ATS's key-size or signature rules.
    case atsCertificateRule(ATSCertificateRules.Violation)
    /// The validated chain matches none of the pins for the host.
    case pinMismatch(PinMismatch)
    /// The chain meets Rampart's own rules, but one of the evaluator's ``AdditionalTrustPolicies``
    /// refused it (`reason`: the policy's own words).
    case additionalPolicy(reason: String)

    /// A stable name for the case, for JSON, logs and tests (`"expired"`, `"pinMismatch"`…).
    ///
    /// ```swift
    /// decision.failures.map(\.code)   // ["expired", "hostMismatch"]
    /// ```
    public var code: String {
        switch self {
        case .expired: return "expired"
        case .notYetValid: return "notYetValid"
        case .hostMismatch: return "hostMismatch"
        case .selfSigned: return "selfSigned"
        case .untrustedIssuer: return "untrustedIssuer"
        case .undecodableCertificate: return "undecodableCertificate"
        case .atsCertificateRule: return "atsCertificateRule"
        case .pinMismatch: return "pinMismatch"
        case .additionalPolicy: return "additionalPolicy"
        }
    }

    public var description: String {
        switch self {
        case .expired(let subject, let date): return "\(subject) expired on \(RFC3339Date.string(from: date))"
        case .notYetValid(let subject, let date):
            return "\(subject) is not valid before \(RFC3339Date.string(from: date))"
        case .hostMismatch(let host): return "the certificate does not name \(host)"
        case .selfSigned(let subject): return "\(subject) is self-signed and not a trusted root"
        case .untrustedIssuer(let issuer, let detail):
            return "no path from the certificate to a trusted root (issuer \(issuer)): \(detail)"
        case .undecodableCertificate(let position, let detail):
            return "certificate \(position) of the served chain does not decode (\(detail)); "
                + "RSA keys under 2048 bits and malformed encodings are refused"
        case .atsCertificateRule(let violation): return violation.description
        case .pinMismatch(let mismatch): return mismatch.description
        case .additionalPolicy(let reason): return "an additional trust policy refused the chain: \(reason)"
        }
    }
}
