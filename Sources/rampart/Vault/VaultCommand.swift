import ArgumentParser

/// `rampart vault`: a keychain on a file (RampartVault).
struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Store passwords and keys in an encrypted, keychain-like vault.",
        discussion: """
            The passphrase comes from --passphrase-file FILE, else the file named by
            RAMPART_VAULT_PASSPHRASE_FILE, else a prompt on the terminal (no echo); never from argv.
              rampart vault init
              printf 's3cret' | rampart vault set api.example.com ci
              rampart vault get api.example.com ci
              rampart vault --path ./team.sqlite ls --service api.example.com
            Exit codes: 1 no such item, 2 usage, 65 not a vault, 66 no vault at the path,
            73 a vault exists already, 74 I/O, 77 wrong passphrase or application password.
            """,
        subcommands: [
            VaultInitCommand.self, VaultSetCommand.self, VaultGetCommand.self, VaultRemoveCommand.self,
            VaultListCommand.self, VaultPasswdCommand.self, VaultExportCommand.self, VaultImportCommand.self,
        ]
    )

    @OptionGroup var access: VaultAccessOptions
}
