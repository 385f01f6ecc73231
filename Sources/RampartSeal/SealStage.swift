/// Where in reading or writing sealed data a ``SealError`` arose: which part of which format, or
/// which file around it.
///
/// ```swift
/// do { try Age.decrypt(file: path, to: .file(output, replacing: false), identities: identities) }
/// catch let error as SealError where error.context.stage == .ageHeaderMAC {
///     print("the header was altered, or the identity is wrong")
/// }
/// ```
public enum SealStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// The caller's arguments (an empty passphrase, a work factor out of range, no recipients).
    case parameters
    /// Opening or reading the input.
    case input
    /// Creating or writing the output.
    case output
    /// A file of age identities or recipients. (A passphrase file is no Seal stage: RampartIO's
    /// `PassphraseFile` reads it and reports `PassphraseFileError`.)
    case keyFile
    /// An age file's ASCII armor (`-----BEGIN AGE ENCRYPTED FILE-----`).
    case ageArmor
    /// The age header's version line and stanza layout.
    case ageHeader
    /// One age recipient stanza (X25519 or scrypt) and the file key it wraps.
    case ageRecipientStanza
    /// The age header's MAC (`--- …`).
    case ageHeaderMAC
    /// The 16-byte payload nonce after the age header.
    case agePayloadNonce
    /// One 64 KiB chunk of the age STREAM payload (the context names which).
    case agePayloadChunk
    /// The RNCryptor v3 header (version, options, salts, IV).
    case rncryptorHeader
    /// The RNCryptor v3 HMAC-SHA256 over header and ciphertext.
    case rncryptorHMAC
    /// The RNCryptor v3 AES-256-CBC ciphertext and its padding.
    case rncryptorPayload
}
