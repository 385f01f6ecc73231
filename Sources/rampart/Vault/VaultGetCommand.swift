import ArgumentParser
import Foundation
import RampartVault

/// `rampart vault get SERVICE ACCOUNT`: writes the item's value to standard output.
struct VaultGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Write the value of SERVICE/ACCOUNT to standard output, with a newline.",
        usage: "rampart vault get [<options>] <service> <account>",
        discussion: """
            To a file or a pipe the value is written exactly. To a terminal, a value holding control \
            characters (an escape sequence could retitle the window or clear the screen) or bytes that \
            are not UTF-8 is shown escaped (\\n, \\t, \\xHH, \\u{HHHH}, \\\\ for a backslash), with a \
            note on standard error.

            --format json prints the item's metadata instead (service, account, accessibility, label, \
            times, the value's size), without the value unless --include-value asks for it (as text, or \
            base64 when it is not UTF-8).
            """)

    @ParentCommand var vault: VaultCommand
    @OptionGroup var item: VaultItemOptions
    @OptionGroup var output: FormatOptions
    @Flag(help: "With --format json: put the value in the report too.")
    var includeValue = false

    func validate() throws {
        if includeValue && output.format != .json {
            throw ValidationError("--include-value goes with --format json (the text output is the value itself)")
        }
    }

    func run() throws {
        let identity = try item.identity()
        let applicationPassword = try item.readApplicationPassword()
        let opened = try vault.access.openUnlocked()
        var value = try VaultFailure.run { () throws(VaultError) in
            try opened.value(for: identity, applicationPassword: applicationPassword)
        }
        if output.format == .json {
            return try printReport(of: identity, value: value, in: opened)
        }
        if isatty(STDOUT_FILENO) == 1, let escaped = ControlCharacterEscaping.escapedForTerminal(value) {
            Terminal.warn(
                "rampart: the value holds control characters or bytes that are not UTF-8; as standard output is a "
                    + "terminal they are shown escaped (\\n, \\xHH, \\u{HHHH}; \\\\ is a backslash). "
                    + "Redirect standard output to a file or a pipe for the exact value.")
            value = escaped
        }
        try StandardOutput.write(value + Data("\n".utf8))
    }

    /// The item's metadata as JSON, with the value only when `--include-value` asked for it.
    private func printReport(of identity: ItemIdentity, value: Data, in vault: Vault) throws {
        let query = VaultQuery(
            itemClass: .genericPassword,
            fields: [.service: identity[ItemField.service] ?? "", .account: identity[ItemField.account] ?? ""],
            limit: .one)
        let items = try VaultFailure.run { () throws(VaultError) in try vault.items(matching: query) }
        guard let item = items.first else {
            throw CommandFailure("\(identity) is no longer in the vault", status: .dataError)
        }
        var report = VaultItemReport(item)
        report.valueBytes = value.count
        if includeValue {
            if let text = String(data: value, encoding: .utf8) {
                report.value = text
            } else {
                report.valueBase64 = value.base64EncodedString()
            }
        }
        try output.printJSON(report)
    }
}
