import Foundation
import X509

/// Verified SCTs by the exact certificates (and delivered SCTs) they came with, so that
/// handshakes to a server seen before skip the SCT parsing, the precertificate rebuild and the
/// signatures. One cache belongs to one set of log keys: a ``CertificateTransparencyChecker``
/// starts a new one whenever its log list changes.
///
/// A hit needs byte-for-byte equal certificates and equal delivered SCTs, and what is cached is a
/// pure function of those bytes and the keys, so the cache changes no decision: every decision is
/// still judged at its own time. Bounded: when `capacity` entries are held, the cache starts over;
/// a capacity of 0 keeps nothing.
final class CTVerifiedSCTCache: @unchecked Sendable {
    /// A certificate as swift-certificates decoded it (hashed and compared by its bytes), or its
    /// DER when that library refuses its key.
    enum CertificateKey: Hashable {
        case decoded(Certificate)
        case der([UInt8])

        init(_ certificate: EncodedCertificate) {
            self = certificate.certificate.map(CertificateKey.decoded) ?? .der(certificate.derBytes)
        }

        /// The bytes hashed in one call (a certificate's own hashing feeds its bytes one at a
        /// time): every handshake to a server seen before hashes its leaf and issuer. Equal
        /// certificates have equal TBSCertificates, so equal hashes.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .decoded(let certificate):
                hasher.combine(0 as UInt8)
                certificate.tbsCertificateBytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            case .der(let bytes):
                hasher.combine(1 as UInt8)
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }

    struct Key: Hashable {
        var leaf: CertificateKey
        var issuer: CertificateKey?
        var delivered: [SignedCertificateTimestamp]
    }

    let capacity: Int
    // `entries` is read and written only under `lock`.
    private let lock = NSLock()
    private var entries: [Key: CTVerifiedSCTs] = [:]

    init(capacity: Int = 256) {
        self.capacity = max(0, capacity)
    }

    /// The verified SCTs for `key`, made by `make` now or found from an earlier call. A cache
    /// that keeps nothing does not build the key.
    func verified(for key: @autoclosure () -> Key, make: () throws -> CTVerifiedSCTs) rethrows -> CTVerifiedSCTs {
        guard capacity > 0 else { return try make() }
        let key = key()
        if let known = lock.withLock({ entries[key] }) { return known }
        let made = try make()
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
        }
        return made
    }

    /// How many entries are held.
    var count: Int { lock.withLock { entries.count } }
}
