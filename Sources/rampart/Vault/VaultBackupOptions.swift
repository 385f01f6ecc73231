import ArgumentParser
import RampartIO

/// The passphrase of a vault backup: `--backup-passphrase-file FILE`, else the vault passphrase.
struct VaultBackupOptions: ParsableArguments {
    @Option(
        name: .customLong("backup-passphrase-file"),
        help: "The backup's passphrase, from FILE (default: the vault passphrase).", transform: PathArgument.path)
    var backupPassphraseFile: String?

    func read(default vaultPassphrase: () throws -> String) throws -> String {
        guard let backupPassphraseFile else { return try vaultPassphrase() }
        return try PassphraseFile.readForCommand(path: backupPassphraseFile)
    }
}
