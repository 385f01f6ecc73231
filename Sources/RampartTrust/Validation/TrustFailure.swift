import Foundation

/// Why a chain is not trusted. Every case blocks the connection, even in report-only pinning mode,
/// except ``pinMismatch(_:)`` under report-only.
public enum TrustFailure: Sendable, Hashable, CustomStringConvertible {
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

    public var description: String {
        let dates = ISO8601DateFormatter()
        switch self {
        case .expired(let subject, let date): return "\(subject) expired on \(dates.string(from: date))"
        case .notYetValid(let subject, let date): return "\(subject) is not valid before \(dates.string(from: date))"
        case .hostMismatch(let host): return "the certificate does not name \(host)"
        case .selfSigned(let subject): return "\(subject) is self-signed and not a trusted root"
        case .untrustedIssuer(let issuer, let detail):
            return "no path from the certificate to a trusted root (issuer \(issuer)): \(detail)"
        case .undecodableCertificate(let position, let detail):
            return "certificate \(position) of the served chain does not decode (\(detail)); "
                + "RSA keys under 2048 bits and malformed encodings are refused"
        case .atsCertificateRule(let violation): return violation.description
        case .pinMismatch(let mismatch): return mismatch.description
        }
    }
}

/// A pin failure, laid out like OkHttp's message so that the right pin can be copied.
public struct PinMismatch: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    /// The pinned-domain entries that applied.
    public var entries: [PinnedHost]
    /// Their domains.
    public var pinnedDomains: [String] { entries.map(\.domain) }
    /// The pins the configuration expected (public-key pins as `sha256/…`).
    public var expected: [String]
    /// The validated chain, leaf first: subject and pin.
    public var served: [ServedPin]

    public struct ServedPin: Sendable, Hashable {
        public var subject: String
        public var pin: SPKIPin
    }

    public var description: String {
        var lines = ["Certificate pinning failure!", "  Peer certificate chain:"]
        lines += served.map { "    \($0.pin): \($0.subject)" }
        lines.append("  Pinned certificates for \(host):")
        lines += expected.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
