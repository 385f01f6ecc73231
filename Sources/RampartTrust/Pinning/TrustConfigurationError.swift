/// A pinning configuration that Rampart refuses, because it would fail silently or lock users out.
public enum TrustConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An enforced entry with fewer than two distinct pins: one key rotation away from an outage.
    case noBackupPin(domain: String, count: Int)
    /// Subdomain coverage on a public suffix (`com`, `co.uk`…) would pin every site under it.
    case publicSuffixWithSubdomains(domain: String)
    /// Not a host name.
    case malformedDomain(String)

    public var description: String {
        switch self {
        case .noBackupPin(let domain, let count):
            return
                "\(domain): \(count) pin(s) while enforcing; pin at least two keys (one a backup kept offline) or use report-only"
        case .publicSuffixWithSubdomains(let domain):
            return "\(domain) is a public suffix; pinning it with subdomains would pin every site under it"
        case .malformedDomain(let domain):
            return "'\(domain)' is not a host name (no wildcards, ports, paths or spaces; use coverage for subdomains)"
        }
    }
}
