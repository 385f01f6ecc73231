import X509

/// Which roots a client trusts: the system store, custom roots added to it, or custom roots
/// replacing it (what `SecTrustSetAnchorCertificates` does on Apple platforms).
///
/// ```swift
/// let anchors = TrustAnchors.only([companyRoot])
/// ```
public enum TrustAnchors: Sendable, Hashable {
    /// The system store: the CA bundle swift-certificates reads (`/etc/ssl/certs/ca-certificates.crt`
    /// or `/etc/pki/tls/certs/ca-bundle.crt`). It exists on Linux only; on Apple platforms it
    /// holds no roots, and ``ServerTrustChallengeResponder`` lets the platform's own evaluation
    /// name the trusted root instead.
    case system
    /// The system store plus these roots.
    case systemPlus([Certificate])
    /// Only these roots.
    case only([Certificate])

    /// The roots the caller added to (or put instead of) the system store: chains to them are not
    /// publicly trusted, so Certificate Transparency does not apply to them by default.
    public var addedRoots: [Certificate] {
        switch self {
        case .system: return []
        case .systemPlus(let roots), .only(let roots): return roots
        }
    }

    /// The anchors as a swift-certificates store. The system's bundle is read once per process and
    /// a root decoded only when a chain names it (``SystemRootBundle``), not all of them up front.
    var store: CertificateStore {
        switch self {
        case .system: return CertificateStore(custom: SystemRootStore())
        case .systemPlus(let roots): return CertificateStore(custom: SystemRootStore(added: roots))
        case .only(let roots): return CertificateStore(roots)
        }
    }
}
