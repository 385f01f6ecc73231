extension ScanRule {
    /// RS-CRYPTO-001: a cipher runs in ECB mode (`kCCOptionECBMode`), which encrypts equal blocks to equal
    /// ciphertext and authenticates nothing.
    public static let ecbMode = ScanRule(
        id: "RS-CRYPTO-001", title: "ECB mode", severity: .high, masvs: "MASVS-CRYPTO-1", cwe: 327,
        practice: "Data is encrypted with an authenticated mode (AES-GCM, ChaCha20-Poly1305).",
        fix: "Use CryptoKit `AES.GCM.seal` or `ChaChaPoly.seal` with a random nonce; CommonCrypto only for "
            + "compatibility, in CBC with a random IV and an HMAC. With Rampart, Age.encrypt (ChaCha20-Poly1305 "
            + "STREAM) or RNCryptor.encrypt (AES-CBC + HMAC, random IV) seal data.")
}
