extension ScanRule {
    /// RS-STORAGE-002: a password, token or key is written to `UserDefaults`, a plain plist in the app's
    /// container that backups and forensic tools read.
    public static let secretInUserDefaults = ScanRule(
        id: "RS-STORAGE-002", title: "Secret stored in UserDefaults",
        severity: .high, masvs: "MASVS-STORAGE-1", cwe: 312,
        practice: "Secrets live in the keychain, never in UserDefaults.",
        fix: "Store the secret with `SecItemAdd` / `SecItemUpdate` (`kSecClassGenericPassword`, "
            + "`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`) and keep only non-secret settings in UserDefaults. "
            + "With Rampart, Vault.set(_:for:protection:) stores it encrypted, with an accessibility class.")
}
