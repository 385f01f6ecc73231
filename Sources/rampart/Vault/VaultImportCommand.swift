import ArgumentParser
import RampartVault

/// `rampart vault import FILE`: stores every item of a backup (upserts), in one transaction.
struct VaultImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Store every item of a backup FILE in the vault (replacing same items).",
        usage: "rampart vault import [--backup-passphrase-file <file>] <file>")

    @ParentCommand var vault: VaultCommand
    @OptionGroup var backup: VaultBackupOptions
    @Argument(help: "The backup file written by `rampart vault export`.", transform: PathArgument.path)
    var file: String

    func run() throws {
        let opened = try vault.access.openUnlocked()
        let passphrase = try backup.read {
            try vault.access.readPassphrase(
                prompt: "Backup passphrase: ", alternatives: "--backup-passphrase-file FILE")
        }
        let count = try VaultFailure.run { () throws(VaultError) in
            try opened.importBackup(from: file, passphrase: passphrase)
        }
        Terminal.warn("imported \(count) items from \(file)")
    }
}
