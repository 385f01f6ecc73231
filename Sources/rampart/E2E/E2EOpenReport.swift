import RampartE2E

/// `rampart e2e open --format json`: the message opened, the sizes, and who signed it (a public key,
/// the safety number), as standard error reports it in text; never the identity or the plaintext.
/// Schema: `docs/schemas/e2e-open.schema.json`.
struct E2EOpenReport: Encodable {
    /// The envelope file, or `-` for standard input.
    var input: String
    /// The plaintext file written.
    var output: String
    /// The envelope's size.
    var sealedBytes: Int
    /// The plaintext's size; absent when the output is not a regular file (a FIFO, a device).
    var plaintextBytes: Int?
    /// The signer; absent for an anonymous message.
    var sender: Sender?

    /// A message's signer.
    struct Sender: Encodable {
        /// `rampart1…`, `rampartnist1…` or `rampartpq1…`.
        var publicKey: String
        /// `classic`, `nist` or `postQuantum`.
        var kind: String
        /// 16 hex digits, for logs; not an identity.
        var keyID: String
        /// Whether it is the sender `--from` required (otherwise it is not checked: compare the safety number).
        var expected: Bool
        /// The safety number of the sender's key and the opener's, to compare out of band.
        var safetyNumber: String
    }

    init(
        input: String, output: String, sealedBytes: Int, plaintextBytes: Int?, sender: E2EPublicKey?,
        own: E2EPublicKey, expected: E2EPublicKey?
    ) {
        self.input = input
        self.output = output
        self.sealedBytes = sealedBytes
        self.plaintextBytes = plaintextBytes
        self.sender = sender.map { sender in
            Sender(
                publicKey: sender.description, kind: sender.kind.reportName, keyID: sender.keyID,
                expected: expected != nil, safetyNumber: E2ESafetyNumber(sender, own).digits)
        }
    }
}
