import ArgumentParser
import RampartVault

/// `rampart vault rm SERVICE ACCOUNT`: deletes the item.
struct VaultRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete SERVICE/ACCOUNT.")

    @ParentCommand var vault: VaultCommand
    @Argument(help: "The item's service.")
    var service: String
    @Argument(help: "The item's account.")
    var account: String

    func run() throws {
        let identity = try VaultItemOptions.identity(service: service, account: account)
        let opened = try vault.access.openUnlocked()
        try VaultFailure.run { () throws(VaultError) in try opened.delete(identity) }
    }
}
