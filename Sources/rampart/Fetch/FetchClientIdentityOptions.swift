import ArgumentParser

/// `fetch --cert FILE [--key FILE | --key-from-vault TAG]`: the client certificate (mutual TLS)
/// presented to the URL's origin only, with its key from a PEM file or a vault key item. The
/// values go to ``FetchClientIdentity``, which checks and reads them.
struct FetchClientIdentityOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            A client certificate (PEM: the client's certificate first, then intermediates), presented only to the \
            URL's origin when the server asks for one. The key comes from --key, --key-from-vault, or this file.
            """, valueName: "file"),
        transform: PathArgument.path)
    var cert: String?
    @Option(
        help: ArgumentHelp(
            "The client certificate's private key (PEM: PKCS#8, SEC1 or PKCS#1; P-256, P-384 or RSA; not encrypted).",
            valueName: "file"),
        transform: PathArgument.path)
    var key: String?
    @Option(
        name: .customLong("key-from-vault"),
        help: ArgumentHelp(
            "Take the client certificate's private key from the vault key item with this application tag.",
            valueName: "tag"))
    var keyFromVault: String?
    @Option(
        name: .customLong("vault"),
        help: ArgumentHelp(
            "The vault for --key-from-vault (default: the vault commands' default path).", valueName: "path"),
        transform: PathArgument.path)
    var vaultPath: String?
    @Option(
        name: .customLong("vault-passphrase-file"),
        help: ArgumentHelp(
            "The vault passphrase for --key-from-vault, from the first line of FILE (default: $RAMPART_VAULT_PASSPHRASE_FILE, else a prompt).",
            valueName: "file"),
        transform: PathArgument.path)
    var vaultPassphraseFile: String?

    /// The options' values.
    var values: FetchClientIdentity {
        FetchClientIdentity(
            cert: cert, key: key, keyFromVault: keyFromVault, vaultPath: vaultPath,
            vaultPassphraseFile: vaultPassphraseFile)
    }

    func validate() throws { try values.validate() }
}
