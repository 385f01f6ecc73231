import Foundation
import X509

/// Decoded certificates by their exact DER bytes, shared by the handshakes of one client, so
/// that the intermediates (and leaves) a server sends again and again are parsed once.
///
/// A hit needs byte-for-byte equal DER, and decoding is a pure function of those bytes, so the
/// cache changes no decision: every handshake is still validated, pinned and dated in full.
/// Bounded: when `capacity` entries are held, the cache starts over. Certificates that fail to
/// decode are never kept.
///
/// ```swift
/// let decoding = CertificateDecodingCache()            // one per client or per session
/// let decision = await evaluator.evaluate(derChain: served, host: host, decoding: decoding)
/// ```
public final class CertificateDecodingCache: @unchecked Sendable {
    /// The most certificates held at once.
    public let capacity: Int
    // `entries` is read and written only under `lock`.
    private let lock = NSLock()
    private var entries: [[UInt8]: Certificate] = [:]

    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The certificate encoded by `der`, decoded now or on an earlier call.
    public func certificate(der: [UInt8]) throws -> Certificate {
        if let known = lock.withLock({ entries[der] }) { return known }
        let decoded = try Certificate(derEncoded: der)
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[der] = decoded
        }
        return decoded
    }

    /// How many certificates are held.
    public var count: Int { lock.withLock { entries.count } }
}
