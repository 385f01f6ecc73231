extension ScanRule {
    /// RS-STORAGE-003: a password, token or key is written to a file (`write(to:)`, `PropertyListSerialization`,
    /// `NSKeyedArchiver`) without encryption.
    public static let secretInPlainFile = ScanRule(
        id: "RS-STORAGE-003", title: "Secret written to a plist or plain file",
        severity: .high, masvs: "MASVS-STORAGE-1", cwe: 312,
        practice: "Secrets at rest are in the keychain or encrypted with a key from the keychain.",
        fix: "Keep secrets in the keychain (`SecItemAdd`); data that must be a file is written with "
            + "`.completeFileProtection` and encrypted with CryptoKit `AES.GCM` or `ChaChaPoly` under a key kept in "
            + "the keychain. With Rampart, Vault stores secrets and Age.encrypt (or RNCryptor.encrypt for the "
            + "format iOS apps already read) seals files.")
}
