/// Why trust material could not be read, or a trust configuration is refused: thrown by the calls
/// that read certificates and pins or build a pinning configuration.
///
/// A chain that is read fine but not trusted is not an error: its reasons are
/// ``TrustRejection`` values in a ``TrustDecision``.
public enum TrustError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A pin string is not `sha256/BASE64` or base64 of 32 bytes.
    case malformedPin(String, reason: String)
    /// A certificate file does not exist.
    case missingFile(path: String)
    /// A certificate file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The bytes are neither PEM certificates nor a DER certificate.
    case malformedCertificate(source: String, reason: String)
    /// A path given as a certificate file names something else (`kind`: "a directory").
    case notAFile(path: String, kind: String)
    /// An enforced pinning entry with fewer than two distinct pins: one key rotation away from an outage.
    case noBackupPin(domain: String, count: Int)
    /// Subdomain coverage on a public suffix (`com`, `co.uk`…) would pin every site under it.
    case publicSuffixWithSubdomains(domain: String)
    /// A pinned domain that is not a host name.
    case malformedDomain(String)
    /// A Signed Certificate Timestamp list (in a certificate, a TLS extension or OCSP) breaks
    /// RFC 6962's encoding.
    case malformedSCTList(String)
    /// A CT log list is not Chrome's v3 or Apple's v4 JSON, or one of its entries is wrong.
    case malformedLogList(source: String, reason: String)
    /// A pinning configuration file (TrustKit's `TSKPinnedDomains`) that cannot be used.
    case malformedPinConfiguration(source: String, reason: String)

    public var description: String {
        switch self {
        case .malformedPin(let pin, let reason):
            return "'\(pin)' is not a pin: \(reason); compute pins with `rampart pin CERT.pem`"
        case .missingFile(let path):
            return "\(path): no such file"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .malformedCertificate(let source, let reason):
            return "\(source): not a certificate: \(reason); give PEM (one or more CERTIFICATE blocks) or DER"
        case .notAFile(let path, let kind):
            return "\(path) is \(kind), not a certificate file; give the path of a PEM or DER file"
        case .noBackupPin(let domain, let count):
            return
                "\(domain): \(count) pin(s) while enforcing; pin at least two keys (one a backup kept offline) or use report-only"
        case .publicSuffixWithSubdomains(let domain):
            return "\(domain) is a public suffix; pinning it with subdomains would pin every site under it"
        case .malformedSCTList(let reason):
            return "the Signed Certificate Timestamp list is malformed: \(reason)"
        case .malformedPinConfiguration(let source, let reason):
            return "\(source) is not a usable TrustKit pinning configuration: \(reason)"
        case .malformedLogList(let source, let reason):
            return "\(source) is not a usable CT log list: \(reason); give Chrome's v3 log_list.json or Apple's v4 list"
        case .malformedDomain(let domain):
            return "'\(domain)' is not a host name (no wildcards, ports, paths or spaces; use coverage for subdomains)"
        }
    }
}
