extension ScanRule {
    /// RS-CRYPTO-002: an IV or nonce is all zeros or a constant, so equal plaintexts give equal ciphertexts (CBC)
    /// or the key stream repeats (CTR, GCM).
    public static let staticIV = ScanRule(
        id: "RS-CRYPTO-002", title: "Static or zero IV/nonce", severity: .high, masvs: "MASVS-CRYPTO-1", cwe: 329,
        practice: "Every encryption uses a fresh random IV or nonce.",
        fix: "Let CryptoKit draw the nonce (`AES.GCM.seal(data, using: key)` without `nonce:`), or fill the IV with "
            + "`SecRandomCopyBytes(kSecRandomDefault, count, &iv)` and store it beside the ciphertext. With "
            + "Rampart, Age.encrypt and RNCryptor.encrypt draw a random nonce or IV for each message.")
}
