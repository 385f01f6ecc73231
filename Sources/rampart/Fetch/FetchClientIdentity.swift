import ArgumentParser
import Foundation
import RampartHTTP
import RampartTrust
import RampartVault
import X509

/// The client certificate `rampart fetch` presents (mutual TLS), as ``FetchClientIdentityOptions``
/// names it: each property is the option of the same name, `nil` when not given.
///
/// ```swift
/// let options = FetchClientIdentity(cert: "client.pem", key: "client.key")
/// try options.validate()
/// let identity = try options.identity()  // checked: the key is the certificate's
/// ```
struct FetchClientIdentity: Equatable {
    var cert: String? = nil
    var key: String? = nil
    var keyFromVault: String? = nil
    var vaultPath: String? = nil
    var vaultPassphraseFile: String? = nil

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
