import ArgumentParser
import Foundation
import RampartVault

/// `rampart vault get SERVICE ACCOUNT`: writes the item's value to standard output.
struct VaultGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Write the value of SERVICE/ACCOUNT to standard output, with a newline.",
        usage: "rampart vault get [--app-password-file <file>] <service> <account>",
        discussion: """
            To a file or a pipe the value is written exactly. To a terminal, a value holding control \
            characters (an escape sequence could retitle the window or clear the screen) or bytes that \
            are not UTF-8 is shown escaped (\\n, \\t, \\xHH, \\u{HHHH}, \\\\ for a backslash), with a \
            note on standard error.
            """)

    @ParentCommand var vault: VaultCommand
    @OptionGroup var item: VaultItemOptions

    func run() throws {
        let identity = try item.identity()
        let applicationPassword = try item.readApplicationPassword()
        let opened = try vault.access.openUnlocked()
        var value = try VaultFailure.run { () throws(VaultError) in
            try opened.value(for: identity, applicationPassword: applicationPassword)
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
}
