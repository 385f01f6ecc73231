import Crypto
import Foundation
import _CryptoExtras

/// One Certificate Transparency log as a log list describes it: its key, operator, state and,
/// for a temporally sharded log, the expiry dates it accepts.
///
/// ```swift
/// let log = list.logs[sct.logID]
/// print(log?.description ?? "unknown log", log?.operatorName ?? "-", log?.state ?? .pending)
/// ```
public struct CTLog: Sendable, Hashable {
    /// A log's state in a log list (Chrome's `log_states.md`, Apple's log program), with the time
    /// it entered that state.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        case pending
        case qualified(since: Date)
        case usable(since: Date)
        /// Frozen: SCTs from before the freeze still count.
        case readOnly(since: Date)
        /// Retired: embedded SCTs from before retirement still count (Apple), as "once approved".
        case retired(since: Date)
        case rejected(since: Date)

        public var description: String {
            switch self {
            case .pending: return "pending"
            case .qualified: return "qualified"
            case .usable: return "usable"
            case .readOnly: return "read-only"
            case .retired: return "retired"
            case .rejected: return "rejected"
            }
        }
    }

    public var id: CTLogID
    /// The log's SubjectPublicKeyInfo DER.
    public var key: [UInt8]
    public var description: String
    public var operatorName: String
    public var url: String?
    public var state: State
    /// For a temporal shard: the `notAfter` dates it accepts, start inclusive, end exclusive.
    public var temporalInterval: Range<Date>?
    /// A static-ct-api (tiled) log rather than an RFC 6962 one: policies want at least one SCT
    /// from an RFC 6962 log.
    public var isStaticCTAPI: Bool

    public init(
        key: [UInt8], description: String, operatorName: String, url: String? = nil, state: State,
        temporalInterval: Range<Date>? = nil, isStaticCTAPI: Bool = false
    ) {
        self.id = CTLogID(subjectPublicKeyInfoDER: key)
        self.key = key
        self.description = description
        self.operatorName = operatorName
        self.url = url
        self.state = state
        self.temporalInterval = temporalInterval
        self.isStaticCTAPI = isStaticCTAPI
    }

    /// Whether `sct`'s signature over `entry` verifies with this log's key, with the algorithm pair
    /// the log's key implies (ECDSA P-256 or RSA PKCS#1 v1.5, both with SHA-256).
    public func verifies(_ sct: SignedCertificateTimestamp, over entry: CTSignedEntry) -> Bool {
        VerifyingKey(subjectPublicKeyInfo: key)?.verifies(sct, over: entry) ?? false
    }

    /// A log's key parsed once, for checkers that verify many SCTs.
    enum VerifyingKey: Sendable {
        case p256(P256.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)

        init?(subjectPublicKeyInfo der: [UInt8]) {
            if let key = try? P256.Signing.PublicKey(derRepresentation: der) {
                self = .p256(key)
            } else if let key = try? _RSA.Signing.PublicKey(derRepresentation: der), key.keySizeInBits >= 2048 {
                self = .rsa(key)
            } else {
                return nil
            }
        }

        func verifies(_ sct: SignedCertificateTimestamp, over entry: CTSignedEntry) -> Bool {
            guard sct.hashAlgorithm == 4 else { return false }
            switch self {
            case .p256(let key):
                guard sct.signatureAlgorithm == 3,
                    let signature = try? P256.Signing.ECDSASignature(derRepresentation: sct.signature)
                else { return false }
                return key.isValidSignature(signature, for: entry.digest(for: sct))
            case .rsa(let key):
                guard sct.signatureAlgorithm == 1 else { return false }
                return key.isValidSignature(
                    _RSA.Signing.RSASignature(rawRepresentation: sct.signature), for: entry.digest(for: sct),
                    padding: .insecurePKCS1v1_5)
            }
        }
    }
}
