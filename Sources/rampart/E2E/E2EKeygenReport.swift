import RampartE2E

/// `rampart e2e keygen --format json`: the identity file written and its public key, never the identity
/// itself. Schema: `docs/schemas/e2e-keygen.schema.json`.
struct E2EKeygenReport: Encodable {
    var identityFile: String
    /// `rampart1…`, `rampartnist1…` or `rampartpq1…`, as `e2e seal -r` takes it.
    var publicKey: String
    /// `classic`, `nist` or `postQuantum`.
    var kind: String

    init(identityFile: String, publicKey: E2EPublicKey) {
        self.identityFile = identityFile
        self.publicKey = publicKey.description
        kind = publicKey.kind.reportName
    }
}
