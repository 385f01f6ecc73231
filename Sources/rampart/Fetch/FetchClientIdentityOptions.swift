import ArgumentParser
import Foundation
import RampartHTTP
import RampartTrust
import RampartVault
import X509

/// `fetch --cert FILE [--key FILE | --key-from-vault TAG]`: the client certificate (mutual TLS)
/// presented to the URL's origin only, with its key from a PEM file or a vault key item.
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

    func validate() throws {
        if key != nil && keyFromVault != nil {
            throw ValidationError("--key and --key-from-vault cannot be used together: the key comes from one place")
        }
        if cert == nil && (key != nil || keyFromVault != nil) {
            throw ValidationError(
                "\(key != nil ? "--key" : "--key-from-vault") needs --cert FILE (the client certificate)")
        }
        if keyFromVault == nil && (vaultPath != nil || vaultPassphraseFile != nil) {
            throw ValidationError("--vault and --vault-passphrase-file go with --key-from-vault TAG")
        }
        if let keyFromVault, keyFromVault.isEmpty { throw ValidationError("--key-from-vault needs a non-empty tag") }
    }

    /// The identity the options name, checked (the key is the certificate's) before any connection;
    /// `nil` without `--cert`.
    func identity() throws -> HTTPClientIdentity? {
        guard let cert else { return nil }
        let chain: [Certificate]
        do {
            chain = try CertificateFile.read(URL(fileURLWithPath: cert))
        } catch let error as TrustError {
            throw CommandFailure(
                ControlCharacterEscaping.sanitized("--cert \(cert): \(error)"), status: ExitStatus(readingFile: error))
        }
        let privateKey: SigningKey
        let keySource: String
        if let keyFromVault {
            privateKey = try vaultKey(keyFromVault)
            keySource = "the vault key '\(keyFromVault)'"
        } else {
            keySource = key ?? cert
            let bytes = try PrivateKeyInput.readPEM(keySource, option: key == nil ? "--cert" : "--key")
            if key == nil && !SigningKey.holdsKey(bytes) {
                throw CommandFailure(
                    "--cert \(cert) holds no private key; give it with --key FILE or --key-from-vault TAG",
                    status: .usage)
            }
            privateKey = try PrivateKeyInput.parse(bytes, source: keySource)
        }
        do throws(SigningKeyError) {
            return try HTTPClientIdentity(certificateChain: chain, privateKey: privateKey, keySource: keySource)
        } catch {
            throw CommandFailure(ControlCharacterEscaping.sanitized(error.description), status: ExitStatus(error))
        }
    }

    /// The key item tagged `tag`, from the vault opened as the vault commands open it.
    private func vaultKey(_ tag: String) throws -> SigningKey {
        var arguments: [String] = []
        if let vaultPath { arguments += ["--path", vaultPath] }
        if let vaultPassphraseFile { arguments += ["--passphrase-file", vaultPassphraseFile] }
        let access = try VaultAccessOptions.parse(arguments)
        let vault = try access.openUnlocked()
        let stored = try VaultFailure.run { () throws(VaultError) in try vault.privateKey(applicationTag: tag) }
        return try PrivateKeyInput.signingKey(stored, tag: tag)
    }
}
