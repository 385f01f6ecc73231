import ArgumentParser
import RampartVault

/// `rampart vault init`: creates a vault.
struct VaultInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a vault (0600; its device key goes to $XDG_STATE_HOME/rampart/device-keys).")

    @ParentCommand var vault: VaultCommand
    @Option(help: ArgumentHelp("The scrypt work factor, log2 N (default 17, 15…22).", visibility: .hidden))
    var workFactor = 17

    func validate() throws { try VaultWorkFactor.validate(workFactor) }

    func run() throws {
        let path = vault.access.resolvedPath
        let passphrase = try vault.access.readPassphrase(prompt: "New vault passphrase: ", confirm: true)
        let options = VaultOptions(workFactor: workFactor)
        _ = try VaultFailure.run { () throws(VaultError) in
            try Vault.create(at: path, passphrase: passphrase, options: options)
        }
        Terminal.warn("created \(path)")
    }
}
