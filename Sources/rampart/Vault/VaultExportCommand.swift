import ArgumentParser
import RampartVault

/// `rampart vault export FILE`: an age backup of every item except `ThisDeviceOnly` ones.
struct VaultExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an encrypted backup (age, passphrase) of all items except ThisDeviceOnly ones to FILE.",
        usage: "rampart vault export [--backup-passphrase-file <file>] [--force] <file>")

    @ParentCommand var vault: VaultCommand
    @OptionGroup var backup: VaultBackupOptions
    @Option(help: ArgumentHelp("The backup's scrypt work factor, log2 N (default 18, 15…22).", visibility: .hidden))
    var workFactor = 18
    @Flag(help: "Replace FILE if it exists (the new backup is complete on disk before it replaces the old one).")
    var force = false
    @Argument(
        help: "The backup file to create (it must not exist, unless --force is given).",
        transform: PathArgument.path)
    var file: String

    func validate() throws { try VaultWorkFactor.validate(workFactor) }

    func run() throws {
        let opened = try vault.access.openUnlocked()
        let passphrase = try backup.read {
            try vault.access.readPassphrase(
                prompt: "Vault passphrase again: ", alternatives: "--backup-passphrase-file FILE")
        }
        let count = try VaultFailure.run { () throws(VaultError) in
            try opened.exportBackup(to: file, passphrase: passphrase, workFactor: workFactor, replacing: force)
        }
        Terminal.warn("exported \(count) items to \(file)")
    }
}
