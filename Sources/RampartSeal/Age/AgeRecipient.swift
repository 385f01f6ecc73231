import Crypto

/// Something an age file can be encrypted to: it wraps the file key into a header stanza.
///
/// ```swift
/// let recipients: [any AgeRecipient] = [try X25519Recipient("age1…")]
/// let sealed = try Age.encrypt(plaintext, to: recipients)
/// ```
public protocol AgeRecipient: Sendable {
    /// Wraps the 16-byte file key into this recipient's stanza.
    func wrap(fileKey: SymmetricKey) throws(SealError) -> AgeStanza
    /// Whether the spec requires this recipient's stanza to be the only one in a header (scrypt).
    var mustBeAlone: Bool { get }
    /// Whether the stanza resists a future quantum computer (`mlkem768x25519`): such recipients are
    /// never mixed with classic ones, which would undo the protection.
    var isPostQuantum: Bool { get }
}

extension AgeRecipient {
    public var mustBeAlone: Bool { false }
    public var isPostQuantum: Bool { false }
}
