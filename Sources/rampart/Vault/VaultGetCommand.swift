import ArgumentParser
import Foundation
import RampartVault

/// `rampart vault get SERVICE ACCOUNT`: writes the item's value to standard output.
struct VaultGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Write the value of SERVICE/ACCOUNT to standard output, with a newline.")

    @ParentCommand var vault: VaultCommand
    @OptionGroup var item: VaultItemOptions

    func run() throws {
        let applicationPassword = try item.readApplicationPassword()
        let opened = try vault.access.openUnlocked()
        let identity = ItemIdentity.genericPassword(service: item.service, account: item.account)
        let value = try VaultFailure.run { () throws(VaultError) in
            try opened.value(for: identity, applicationPassword: applicationPassword)
        }
        FileHandle.standardOutput.write(value + Data("\n".utf8))
    }
}
