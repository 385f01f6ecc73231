import RampartSeal

/// `rampart keygen --format json`: the identity file and the recipient(s) to share, never the identity itself.
/// Schema: `docs/schemas/keygen.schema.json`.
struct KeygenReport: Encodable {
    struct Recipient: Encodable {
        /// `age1…` or `age1pq1…`, as `age -r` takes it.
        var recipient: String
        /// age's stanza type: `X25519` or `mlkem768x25519`.
        var type: String
    }

    /// The identity file written (`-o`) or read (`-y`; `-` for standard input).
    var identityFile: String
    var recipients: [Recipient]

    init(identityFile: String, identities: [any AgeKeyIdentity]) {
        self.identityFile = identityFile
        recipients = identities.map { identity in
            Recipient(
                recipient: identity.recipientText,
                type: identity is MLKEM768X25519Identity ? "mlkem768x25519" : "X25519")
        }
    }
}
