import RampartE2E

/// `rampart e2e seal --format json`: what was sealed, to how many keys of which kind, and the sizes;
/// never a key or the plaintext. Schema: `docs/schemas/e2e-seal.schema.json`.
struct E2ESealReport: Encodable {
    /// The message file, or `-` for standard input.
    var input: String
    /// The envelope file written.
    var output: String
    /// How many public keys can open it.
    var recipients: Int
    /// `classic`, `nist` or `postQuantum`: the recipients' one kind.
    var kind: String
    /// Whether it is signed (`--from`): its recipients see who sent it.
    var signed: Bool
    /// The message's size.
    var plaintextBytes: Int
    /// The envelope's size (header, chunks and signature).
    var sealedBytes: Int
}
