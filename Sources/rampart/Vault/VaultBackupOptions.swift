import ArgumentParser
import RampartSeal

/// The passphrase of a vault backup: `--backup-passphrase-file FILE`, else the vault passphrase.
struct VaultBackupOptions: ParsableArguments {
    @Option(
        name: .customLong("backup-passphrase-file"),
        help: "The backup's passphrase, from FILE (default: the vault passphrase).", transform: PathArgument.path)
    var backupPassphraseFile: String?

    func read(default vaultPassphrase: () throws -> String) throws -> String {
        guard let backupPassphraseFile else { return try vaultPassphrase() }
        return try SealFailure.run { () throws(SealError) in try PassphraseFile.read(path: backupPassphraseFile) }
    }
}
