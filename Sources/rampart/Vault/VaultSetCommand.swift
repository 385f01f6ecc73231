import ArgumentParser
import Foundation
import RampartVault

/// `rampart vault set SERVICE ACCOUNT`: stores standard input as the item's value (an upsert).
struct VaultSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Store standard input as the value of SERVICE/ACCOUNT (replacing it if present).",
        usage: "rampart vault set [<options>] <service> <account>",
        discussion: "One trailing newline of the input is dropped. The value is never taken from arguments.")

    @ParentCommand var vault: VaultCommand
    @OptionGroup var item: VaultItemOptions
    @Option(help: "whenUnlocked, afterFirstUnlock, whenUnlockedThisDeviceOnly or afterFirstUnlockThisDeviceOnly.")
    var accessibility = "whenUnlocked"
    @Flag(name: .customLong("user-presence"), help: "Ask for the vault passphrase again before each read.")
    var userPresence = false
    @Option(help: "A label for the item.")
    var label = ""

    func validate() throws {
        if Accessibility(name: accessibility) == nil {
            throw ValidationError(
                "unknown accessibility \(accessibility); use \(Accessibility.allCases.map(\.description).joined(separator: ", "))"
            )
        }
    }

    func run() throws {
        let identity = try item.identity()
        var value = try StandardInput.readAll(limit: 16 << 20, purpose: "the value")
        if value.last == UInt8(ascii: "\n") { value.removeLast() }
        let applicationPassword = try item.readApplicationPassword()
        let opened = try vault.access.openUnlocked()
        let protection = ItemProtection(
            accessibility: Accessibility(name: accessibility) ?? .whenUnlocked, userPresence: userPresence)
        let attributes = ItemAttributes(label: label)
        try VaultFailure.run { () throws(VaultError) in
            try opened.set(
                value, for: identity, protection: protection, attributes: attributes,
                applicationPassword: applicationPassword)
        }
    }
}
