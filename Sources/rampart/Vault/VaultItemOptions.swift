import ArgumentParser
import Foundation
import RampartSeal

/// The item a `rampart vault set|get|rm` names (a generic password), and its application
/// password file.
struct VaultItemOptions: ParsableArguments {
    @Argument(help: "The item's service.")
    var service: String
    @Argument(help: "The item's account.")
    var account: String
    @Option(
        name: .customLong("app-password-file"),
        help: "The item's application password, from the first line of FILE.")
    var applicationPasswordFile: String?

    func readApplicationPassword() throws -> String? {
        guard let file = applicationPasswordFile else { return nil }
        return try SealFailure.run { () throws(SealError) in try PassphraseFile.read(path: file) }
    }
}
