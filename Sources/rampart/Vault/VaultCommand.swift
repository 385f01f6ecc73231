import ArgumentParser

/// `rampart vault`: a keychain on a file (RampartVault).
struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Store passwords and keys in an encrypted, keychain-like vault.",
        usage: "rampart vault [--path <path>] [--passphrase-file <file>] <subcommand>",
        discussion: """
            The passphrase comes from --passphrase-file FILE, else the file named by RAMPART_VAULT_PASSPHRASE_FILE, \
            else a prompt on the terminal (no echo); never from argv.

              rampart vault init
              printf 's3cret' | rampart vault set api.example.com ci
              rampart vault get api.example.com ci
              rampart vault --path ./team.sqlite ls --service api.example.com

            Names (service, account) must be UTF-8: a name with bytes that are not is refused (65) rather than \
            stored as another item's name. `ls` escapes control characters in names and `get` escapes them in values \
            written to a terminal (see their --help); files and pipes get the exact value. The vault's scrypt cost \
            is log2 N = 15…22 (r = 8; 32 MiB to 4 GiB, age's cap): init and export refuse less or more (2), and a \
            vault file asking for more is refused as damaged (65).

            ThisDeviceOnly items (set --accessibility) are bound to this machine and this user: their key mixes \
            /etc/machine-id with a random device key kept outside the vault's folder, in \
            $XDG_STATE_HOME/rampart/device-keys (default ~/.local/state/rampart/device-keys), one 0600 file per \
            vault. A copy of the vault's folder opens its other items but not these; export leaves them out. A vault \
            made before this kept the key in VAULT.device beside it: the next unlock moves it into that folder.

            Exit codes: 1 no such item, 2 usage (also: no terminal to prompt on), 65 bad data: not a vault (an \
            empty, non-SQLite or other SQLite file, a directory or a device; it is left untouched), a damaged vault \
            (wrong types, missing tables or keys), a name that is not UTF-8, a backup to import that is not a \
            regular file, more than 16 MiB of value on standard input; 66 no vault at the path, or no backup file to \
            import; 73 the vault or the backup file exists already (export --force replaces a backup) or cannot be \
            created; 74 I/O (a vault file, its -wal/-shm or its folder without read and write permission, a full \
            disk); 77 wrong passphrase or application password.
            """,
        subcommands: [
            VaultInitCommand.self, VaultSetCommand.self, VaultGetCommand.self, VaultRemoveCommand.self,
            VaultListCommand.self, VaultPasswdCommand.self, VaultExportCommand.self, VaultImportCommand.self,
            VaultImportKeyCommand.self,
        ]
    )

    @OptionGroup var access: VaultAccessOptions
}
