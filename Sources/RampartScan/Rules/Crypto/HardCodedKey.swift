extension ScanRule {
    /// RS-CRYPTO-003: an encryption key or password is a constant in the code (a literal flowing into
    /// `SymmetricKey(data:)`, `CCCrypt`'s key, RNCryptor's `password:` or PBKDF2), which anyone with the app
    /// binary can read.
    public static let hardCodedKey = ScanRule(
        id: "RS-CRYPTO-003", title: "Hard-coded encryption key or password",
        severity: .high, masvs: "MASVS-CRYPTO-2", cwe: 321,
        practice: "Keys are generated on the device or derived from the user's secret, and kept in the keychain or "
            + "Secure Enclave.",
        fix: "Generate keys with CryptoKit `SymmetricKey(size: .bits256)` (or `SecureEnclave.P256`), store them "
            + "with `SecItemAdd` (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`), and derive from a user's "
            + "passphrase only with a random salt. With Rampart, Vault holds the key and Age.encrypt with an X25519 "
            + "recipient needs no shared secret in the code.")
}
