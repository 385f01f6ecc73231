/// What may open sealed data whose format is not known in advance: age identities, and a
/// passphrase (for an age file sealed to a passphrase, or RNCryptor v3 password-based data).
///
/// ```swift
/// let credentials = SealCredentials(identities: try AgeKeyFile.identities(atPath: "key.txt"))
/// let passphraseOnly = SealCredentials(passphrase: "correct horse battery staple")
/// ```
public struct SealCredentials: Sendable {
    /// age identities (X25519 keys, or a scrypt identity holding a passphrase).
    public var identities: [any AgeIdentity]
    /// A passphrase: an age scrypt identity is made from it, and RNCryptor data is opened with it.
    public var passphrase: String?

    public init(identities: [any AgeIdentity] = [], passphrase: String? = nil) {
        self.identities = identities
        self.passphrase = passphrase
    }

    /// The identities an age file is tried with: the given ones, then the passphrase's.
    var ageIdentities: [any AgeIdentity] {
        identities + (passphrase.map { [ScryptIdentity(passphrase: $0)] } ?? [])
    }
}
