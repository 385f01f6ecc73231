extension ScanRule {
    /// RS-STORAGE-004: a secret is stored in a Core Data, SQLite or Realm database that is not encrypted (for
    /// example a `Realm.Configuration` without `encryptionKey`).
    public static let unencryptedDatabaseSecret = ScanRule(
        id: "RS-STORAGE-004", title: "Secret stored in Core Data/SQLite/Realm without encryption",
        severity: .medium, masvs: "MASVS-STORAGE-1", cwe: 312,
        practice: "Databases that hold secrets are encrypted, with their key in the keychain.",
        fix: "Keep secrets out of the database (keychain: `SecItemAdd`), or encrypt it: Realm "
            + "`Configuration(encryptionKey:)`, SQLCipher, or the field sealed with CryptoKit `AES.GCM`; set "
            + "`NSFileProtectionComplete` on the store. With Rampart, Vault is an encrypted SQLite store for "
            + "secrets.")
}
