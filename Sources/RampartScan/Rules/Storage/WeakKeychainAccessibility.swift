extension ScanRule {
    /// RS-STORAGE-001: a keychain item is stored with `kSecAttrAccessibleAlways` or
    /// `kSecAttrAccessibleAlwaysThisDeviceOnly` (deprecated), so it is readable while the device is locked.
    public static let weakKeychainAccessibility = ScanRule(
        id: "RS-STORAGE-001", title: "Weak keychain accessibility", severity: .high, masvs: "MASVS-STORAGE-1", cwe: 311,
        practice: "Keychain items are readable only when the device has been unlocked, and do not migrate to other "
            + "devices unless they must.",
        fix: "Use `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` (or "
            + "`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` for background work), with "
            + "`SecAccessControlCreateWithFlags(.userPresence)` for the most sensitive items. With Rampart, Vault "
            + "stores items with ItemProtection(accessibility: .whenUnlockedThisDeviceOnly) and has no "
            + "always-accessible class.")
}
