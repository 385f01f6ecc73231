import Foundation

extension Vault {
    /// Stores a private key as a `key` item (an upsert on application tag and label).
    ///
    /// ```swift
    /// try vault.setKey(.curve25519Signing(Curve25519.Signing.PrivateKey()), applicationTag: "com.example.id",
    ///                  protection: ItemProtection(accessibility: .whenUnlockedThisDeviceOnly))
    /// ```
    public func setKey(
        _ key: VaultPrivateKey, applicationTag: String, label: String = "",
        protection: ItemProtection = ItemProtection(),
        applicationPassword: String? = nil
    ) throws(VaultError) {
        try set(
            key.encoded, for: .key(applicationTag: applicationTag, label: label), protection: protection,
            applicationPassword: applicationPassword)
    }

    /// Stores a private key as a new `key` item; throws ``VaultError/duplicateItem(_:)`` when an
    /// item with this application tag and label exists (nothing is replaced).
    ///
    /// ```swift
    /// try vault.addKey(.p256(P256.Signing.PrivateKey()), applicationTag: "com.example.client-tls")
    /// ```
    public func addKey(
        _ key: VaultPrivateKey, applicationTag: String, label: String = "",
        protection: ItemProtection = ItemProtection(),
        applicationPassword: String? = nil
    ) throws(VaultError) {
        try add(
            key.encoded, for: .key(applicationTag: applicationTag, label: label), protection: protection,
            applicationPassword: applicationPassword)
    }

    /// The private key stored under `applicationTag` and `label`.
    ///
    /// ```swift
    /// let key = try vault.privateKey(applicationTag: "com.example.id")
    /// ```
    public func privateKey(applicationTag: String, label: String = "", applicationPassword: String? = nil)
        throws(VaultError) -> VaultPrivateKey
    {
        try VaultPrivateKey(
            encoded: try value(
                for: .key(applicationTag: applicationTag, label: label), applicationPassword: applicationPassword))
    }
}
