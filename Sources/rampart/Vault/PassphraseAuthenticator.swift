import Foundation
import RampartVault

/// The CLI's user-presence check: asks for the vault passphrase again (from the same file, or the
/// terminal) and checks it against the vault.
struct PassphraseAuthenticator: Authenticator {
    let access: VaultAccessOptions
    let path: String

    func confirmPresence(reason: String) -> Bool {
        guard let passphrase = try? access.readPassphrase(prompt: "Passphrase again to \(reason): "),
            let vault = try? Vault(path: path)
        else { return false }
        return (try? vault.verifyPassphrase(passphrase)) == true
    }
}
