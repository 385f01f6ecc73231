import ArgumentParser
import Foundation
import RampartIO
import RampartVault

/// The item a `rampart vault set|get|rm` names (a generic password), and its application
/// password file.
struct VaultItemOptions: ParsableArguments {
    @Argument(help: "The item's service.")
    var service: String
    @Argument(help: "The item's account.")
    var account: String
    @Option(
        name: .customLong("app-password-file"),
        help: "The item's application password, from the first line of FILE.", transform: PathArgument.path)
    var applicationPasswordFile: String?

    /// The generic-password item named, from the arguments' own bytes: a name that is not UTF-8
    /// is refused (exit 65) instead of being decoded into the same item as another.
    func identity() throws -> ItemIdentity {
        try Self.identity(service: service, account: account)
    }

    static func identity(service: String, account: String) throws -> ItemIdentity {
        let fields = [ItemField.service: RawArguments.bytes(of: service), .account: RawArguments.bytes(of: account)]
        return try VaultFailure.run { () throws(VaultError) in
            try ItemIdentity(itemClass: .genericPassword, encodedFields: fields)
        }
    }

    func readApplicationPassword() throws -> String? {
        guard let file = applicationPasswordFile else { return nil }
        return try PassphraseFile.readForCommand(path: file)
    }
}
