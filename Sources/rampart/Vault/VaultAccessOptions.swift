import ArgumentParser
import Foundation
import RampartIO
import RampartVault

/// Where the vault is and how its passphrase arrives: `--path`, `--passphrase-file`, the file
/// named by `RAMPART_VAULT_PASSPHRASE_FILE`, or a no-echo prompt.
struct VaultAccessOptions: ParsableArguments {
    static let passphraseFileVariable = "RAMPART_VAULT_PASSPHRASE_FILE"

    @Option(
        help: "The vault file (default: $XDG_DATA_HOME/rampart/vault.sqlite or ~/.local/share/rampart/vault.sqlite).",
        transform: PathArgument.path)
    var path: String?
    @Option(
        name: .customLong("passphrase-file"),
        help:
            "Read the vault passphrase from the first line of FILE (default: $RAMPART_VAULT_PASSPHRASE_FILE, else prompt).",
        transform: PathArgument.path)
    var passphraseFile: String?

    /// The vault's path: `--path`, else `$XDG_DATA_HOME/rampart/vault.sqlite`, else
    /// `~/.local/share/rampart/vault.sqlite`.
    var resolvedPath: String {
        if let path { return path }
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/rampart/vault.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/rampart/vault.sqlite"
    }

    /// How to give the vault passphrase without a terminal, for messages.
    static let passphraseAlternatives = "--passphrase-file FILE or the variable \(passphraseFileVariable)"

    /// The vault passphrase from the file given, the environment's file, or the terminal.
    /// `alternatives` names the options that give it without a terminal, for the message when
    /// there is none.
    func readPassphrase(
        prompt: String = "Vault passphrase: ", confirm: Bool = false,
        alternatives: String = VaultAccessOptions.passphraseAlternatives
    ) throws -> String {
        let file = passphraseFile ?? ProcessInfo.processInfo.environment[Self.passphraseFileVariable]
        if let file, !file.isEmpty {
            return try PassphraseFile.readForCommand(path: file)
        }
        return try Self.prompt(prompt, confirm: confirm, alternatives: alternatives)
    }

    /// A secret typed on the terminal without echo, asked twice when `confirm` is set. Without a
    /// terminal the message names `alternatives`, the vault's own ways to give it.
    static func prompt(
        _ prompt: String, confirm: Bool, alternatives: String = VaultAccessOptions.passphraseAlternatives
    ) throws -> String {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard terminal >= 0 else {
            throw CommandFailure(
                "there is no terminal to ask for the passphrase on; give it with \(alternatives)", status: .usage)
        }
        close(terminal)
        let first = try TerminalPrompt.readSecret(prompt)
        guard !first.isEmpty else { throw CommandFailure("the passphrase is empty", status: .usage) }
        if confirm {
            let second = try TerminalPrompt.readSecret("Confirm: ")
            guard first == second else { throw CommandFailure("the passphrases do not match", status: .usage) }
        }
        return first
    }

    /// The vault, unlocked. Items that need the user's presence ask for the passphrase again.
    func openUnlocked() throws -> Vault {
        let path = resolvedPath
        let passphrase = try readPassphrase()
        let vault = try VaultFailure.run { () throws(VaultError) in
            try Vault(path: path, authenticator: PassphraseAuthenticator(access: self, path: path))
        }
        try VaultFailure.run { () throws(VaultError) in try vault.unlock(passphrase: passphrase) }
        return vault
    }
}
