import X509

/// ``TrustAnchors/system`` and ``TrustAnchors/systemPlus(_:)`` as a swift-certificates store: the
/// system's roots from ``SystemRootBundle`` (decoded only when a chain names them), plus the roots
/// the caller added.
///
/// A lookup answers as swift-certificates' own system store does: the system's roots with that
/// subject first, then the added ones.
///
/// ```swift
/// let store = CertificateStore(custom: SystemRootStore(added: [companyRoot]))
/// ```
struct SystemRootStore: CustomCertificateStore {
    let bundle: SystemRootBundle
    private var added: [DistinguishedName: [Certificate]]

    init(bundle: SystemRootBundle = .shared, added: [Certificate] = []) {
        self.bundle = bundle
        self.added = Dictionary(grouping: added, by: \.subject)
    }

    subscript(subject: DistinguishedName) -> [Certificate]? {
        get async {
            let roots = bundle.roots(subject: subject) + (added[subject] ?? [])
            return roots.isEmpty ? nil : roots
        }
    }

    func contains(_ certificate: Certificate) async -> Bool {
        added[certificate.subject]?.contains(certificate) == true || bundle.contains(certificate)
    }

    mutating func append(contentsOf certificates: some Sequence<Certificate>) {
        for certificate in certificates {
            added[certificate.subject, default: []].append(certificate)
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.bundle === rhs.bundle && lhs.added == rhs.added
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(bundle))
        hasher.combine(added)
    }
}
