import Crypto

/// Something that can open an age file: it unwraps the file key from one of the header stanzas.
///
/// ```swift
/// let identities: [any AgeIdentity] = [try X25519Identity("AGE-SECRET-KEY-1…")]
/// let plaintext = try Age.decrypt(sealed, with: identities)
/// ```
public protocol AgeIdentity: Sendable {
    /// The file key from the first stanza this identity opens; `nil` when none is for it.
    /// Throws ``SealError/malformed(_:)`` when a stanza of its own type breaks the format.
    func unwrap(_ stanzas: [AgeStanza]) throws(SealError) -> SymmetricKey?
}
