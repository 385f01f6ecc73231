import Foundation
import X509

/// The system's CA bundle, read once per process and decoded lazily: an index from each root's
/// subject to its DER, and a root decoded by swift-certificates only when a chain names its
/// subject as an issuer.
///
/// swift-certificates' `CertificateStore.systemTrustRoots` decodes every root of the bundle
/// (about 150 on Debian, public keys included) before the first decision; a `rampart fetch` needs
/// one or two of them. Here the bundle is split into PEM blocks by ``PEMBlock`` (the package's one
/// PEM reader) and each root's subject read by ``CertificateStructure`` (a DER walk that never
/// decodes the key); the full decoding happens for the few roots a chain asks for, and is kept.
///
/// A root that does not decode is left out alone (swift-certificates would lose the whole store);
/// a bundle that cannot be read or split holds no roots, as in swift-certificates. On Apple
/// platforms there is no such file: the bundle is empty there too.
///
/// ```swift
/// let roots = SystemRootBundle.shared.roots(subject: intermediate.issuer)
/// ```
final class SystemRootBundle: @unchecked Sendable {
    /// The bundle of this system, at the first of the paths swift-certificates searches that exists.
    static let shared = SystemRootBundle(searchPaths: [
        "/etc/ssl/certs/ca-certificates.crt",  // Debian, Ubuntu, Arch, Alpine
        "/etc/pki/tls/certs/ca-bundle.crt",  // Fedora, RHEL
    ])

    /// The candidate paths of the bundle, in order: the first that can be read is the bundle.
    let searchPaths: [String]
    // `index` and `decoded` are read and written only under `lock`.
    private let lock = NSLock()
    private var index: [DistinguishedName: [[UInt8]]]?
    private var decoded: [DistinguishedName: [Certificate]] = [:]

    init(searchPaths: [String]) {
        self.searchPaths = searchPaths
    }

    /// The roots whose subject is `subject`, decoded on the first call for that subject.
    func roots(subject: DistinguishedName) -> [Certificate] {
        lock.withLock {
            if let known = decoded[subject] { return known }
            let index = loadedIndex()
            let roots = (index[subject] ?? []).compactMap { try? Certificate(derEncoded: $0) }
            decoded[subject] = roots
            return roots
        }
    }

    /// Whether `certificate` is one of the bundle's roots.
    func contains(_ certificate: Certificate) -> Bool {
        roots(subject: certificate.subject).contains(certificate)
    }

    /// How many roots the bundle indexes (decoded or not).
    var count: Int {
        lock.withLock { loadedIndex().values.reduce(0) { $0 + $1.count } }
    }

    /// How many roots have been decoded so far.
    var decodedCount: Int {
        lock.withLock { decoded.values.reduce(0) { $0 + $1.count } }
    }

    /// The index, built on first use. Called under `lock`.
    private func loadedIndex() -> [DistinguishedName: [[UInt8]]] {
        if let index { return index }
        var built: [DistinguishedName: [[UInt8]]] = [:]
        for path in searchPaths {
            guard let data = try? CertificateFile.contents(of: URL(fileURLWithPath: path)) else { continue }
            built = Self.index(pem: Array(data))
            break
        }
        index = built
        return built
    }

    /// Each certificate block of `pem` by its subject; blocks whose DER does not walk are left out.
    static func index(pem: [UInt8]) -> [DistinguishedName: [[UInt8]]] {
        guard let blocks = try? PEMBlock.blocks(in: pem, labels: CertificateFile.certificateLabels) else { return [:] }
        var index: [DistinguishedName: [[UInt8]]] = [:]
        for block in blocks {
            guard let structure = try? CertificateStructure(derEncoded: block.derBytes) else { continue }
            index[structure.subject, default: []].append(block.derBytes)
        }
        return index
    }
}
