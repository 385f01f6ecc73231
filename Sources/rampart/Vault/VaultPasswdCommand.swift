import ArgumentParser
import RampartIO
import RampartVault

/// `rampart vault passwd`: changes the vault passphrase (re-wraps the class keys only).
struct VaultPasswdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Change the vault passphrase.")

    @ParentCommand var vault: VaultCommand
    @Option(
        name: .customLong("new-passphrase-file"), help: "Read the new passphrase from FILE (default: prompt twice).",
        transform: PathArgument.path)
    var newPassphraseFile: String?

    func run() throws {
        let path = vault.access.resolvedPath
        let old = try vault.access.readPassphrase(prompt: "Current vault passphrase: ")
        let new: String
        if let newPassphraseFile {
            new = try PassphraseFile.readForCommand(path: newPassphraseFile)
        } else {
            new = try VaultAccessOptions.prompt(
                "New vault passphrase: ", confirm: true, alternatives: "--new-passphrase-file FILE")
        }
        try VaultFailure.run { () throws(VaultError) in
            try Vault(path: path).changePassphrase(from: old, to: new)
        }
    }
}
