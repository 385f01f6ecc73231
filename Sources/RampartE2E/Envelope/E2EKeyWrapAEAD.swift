import Crypto

/// The HPKE AEAD that wraps the file key for a classic (X25519) envelope. P-256 envelopes always use
/// AES-256-GCM and post-quantum ones ChaCha20-Poly1305; the body itself is always age's STREAM
/// (ChaCha20-Poly1305 in 64 KiB chunks).
///
/// ```swift
/// let sealed = try E2E.seal(data, to: [bob], aead: .aes256GCM)
/// ```
public enum E2EKeyWrapAEAD: Sendable, Equatable {
    /// ChaCha20-Poly1305 (HPKE AEAD `0x0003`), the default.
    case chaCha20Poly1305
    /// AES-256-GCM (HPKE AEAD `0x0002`).
    case aes256GCM

    /// The HPKE identifier, written as the envelope's `aead_id`.
    package var hpkeID: UInt16 {
        switch self {
        case .chaCha20Poly1305: return 0x0003
        case .aes256GCM: return 0x0002
        }
    }

    /// The AEAD whose HPKE identifier is `hpkeID`; nil for any other.
    package init?(hpkeID: UInt16) {
        switch hpkeID {
        case 0x0003: self = .chaCha20Poly1305
        case 0x0002: self = .aes256GCM
        default: return nil
        }
    }

    /// The HPKE AEAD.
    var hpke: HPKE.AEAD {
        switch self {
        case .chaCha20Poly1305: return .chaChaPoly
        case .aes256GCM: return .AES_GCM_256
        }
    }
}
