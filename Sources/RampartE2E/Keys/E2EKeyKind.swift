import Crypto
import Foundation

/// The kind of an end-to-end identity, which fixes the HPKE suite its messages are sealed with.
///
/// | kind | KEM (HPKE id) | KDF | AEAD (file-key wrap) | signatures |
/// |---|---|---|---|---|
/// | `classic` | DHKEM(X25519, HKDF-SHA256) `0x0020` | HKDF-SHA256 | ChaCha20-Poly1305 (or AES-256-GCM) | Ed25519 |
/// | `nist` | DHKEM(P-256, HKDF-SHA256) `0x0010` | HKDF-SHA256 | AES-256-GCM | Ed25519 |
/// | `postQuantum` | X-Wing (ML-KEM-768 + X25519) `0x647a` | HKDF-SHA256 | ChaCha20-Poly1305 | Ed25519 + ML-DSA-65 |
///
/// ```swift
/// let bob = try E2EIdentity.generate(.postQuantum)
/// print(bob.publicKey.kind)   // postQuantum
/// ```
public enum E2EKeyKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// X25519 key agreement, Ed25519 signatures.
    case classic = 1
    /// P-256 key agreement, Ed25519 signatures.
    case nist = 2
    /// X-Wing (ML-KEM-768 + X25519) encapsulation, Ed25519 + ML-DSA-65 signatures.
    case postQuantum = 3

    public var description: String {
        switch self {
        case .classic: return "classic (X25519)"
        case .nist: return "nist (P-256)"
        case .postQuantum: return "post-quantum (X-Wing ML-KEM-768 + X25519)"
        }
    }

    /// The Bech32 prefix of a public key of this kind.
    var publicPrefix: String {
        switch self {
        case .classic: return "rampart"
        case .nist: return "rampartnist"
        case .postQuantum: return "rampartpq"
        }
    }

    /// The Bech32 prefix of a secret key of this kind.
    var secretPrefix: String {
        switch self {
        case .classic: return "RAMPART-SECRET-KEY-"
        case .nist: return "RAMPART-SECRET-KEY-NIST-"
        case .postQuantum: return "RAMPART-SECRET-KEY-PQ-"
        }
    }

    /// Bytes of the KEM public key.
    var kemPublicKeySize: Int {
        switch self {
        case .classic: return 32
        case .nist: return 65
        case .postQuantum: return 1216
        }
    }

    /// Bytes of the KEM encapsulation (`enc`).
    var encapsulationSize: Int { self == .nist ? 65 : self == .classic ? 32 : 1120 }

    /// Bytes of a sender signature block.
    var signatureSize: Int { self == .postQuantum ? 64 + 3309 : 64 }

    /// Bytes of an ML-DSA-65 public key, present in post-quantum keys only.
    var signingPublicKeySize: Int { self == .postQuantum ? 32 + 1952 : 32 }

    /// The HPKE KEM.
    var kem: HPKE.KEM {
        switch self {
        case .classic: return .Curve25519_HKDF_SHA256
        case .nist: return .P256_HKDF_SHA256
        case .postQuantum: return .XWingMLKEM768X25519
        }
    }

    /// The kind whose KEM has this HPKE identifier.
    init?(kemID: UInt16) {
        switch kemID {
        case 0x0020: self = .classic
        case 0x0010: self = .nist
        case 0x647a: self = .postQuantum
        default: return nil
        }
    }

    /// Whether an envelope of this kind may wrap its file key with `aead`: classic keys with either,
    /// P-256 keys with AES-256-GCM only, post-quantum keys with ChaCha20-Poly1305 only.
    func allows(_ aead: E2EKeyWrapAEAD) -> Bool {
        switch self {
        case .classic: return true
        case .nist: return aead == .aes256GCM
        case .postQuantum: return aead == .chaCha20Poly1305
        }
    }

    /// The AEAD an envelope of this kind wraps its file key with when `requested` is asked for:
    /// the request for classic keys, the one AEAD the other kinds allow.
    func keyWrapAEAD(requested: E2EKeyWrapAEAD) -> E2EKeyWrapAEAD {
        switch self {
        case .classic: return requested
        case .nist: return .aes256GCM
        case .postQuantum: return .chaCha20Poly1305
        }
    }

    /// The HPKE identifier of the KEM.
    var kemID: UInt16 {
        switch self {
        case .classic: return 0x0020
        case .nist: return 0x0010
        case .postQuantum: return 0x647a
        }
    }
}
