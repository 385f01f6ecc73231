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

    /// The verified SCTs for `key`, made by `make` now or found from an earlier call.
    func verified(for key: Key, make: () throws -> CTVerifiedSCTs) rethrows -> CTVerifiedSCTs {
        guard capacity > 0 else { return try make() }
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
