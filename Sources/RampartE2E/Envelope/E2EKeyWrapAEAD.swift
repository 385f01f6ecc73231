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
}
