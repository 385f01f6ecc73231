import ArgumentParser
import Foundation
import RampartTrust
import RampartVault

/// `rampart vault import-key --tag TAG FILE|-`: stores a PEM private key as a vault key item, for
/// `fetch --key-from-vault TAG`, so the key need not stay in a plain file.
struct VaultImportKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-key",
        abstract: "Store a PEM private key (P-256, P-384 or RSA) as a key item under an application tag.",
        usage: "rampart vault import-key [<options>] --tag <tag> <file>",
        discussion: """
            The key is read from FILE, or from standard input with -: PEM PRIVATE KEY (PKCS#8), EC PRIVATE KEY \
            (SEC1) or RSA PRIVATE KEY (PKCS#1), not encrypted (decrypt it first: openssl pkey -in FILE). An item with \
            the same tag and label is never replaced: choose another tag or label. Delete the PEM file once imported; \
            `rampart fetch --cert CERT --key-from-vault TAG` then uses the key from the vault.

            Exit codes: 0 imported, 1 an item with this tag and label exists, 2 usage, 65 not a usable key \
            (no key, two keys, encrypted, P-521, Ed25519, RSA under 2048 bits), 66 no such file or no vault, 74 \
            I/O, 77 wrong passphrase.
            """)

    @ParentCommand var vault: VaultCommand
    @Option(help: "The item's application tag (what fetch --key-from-vault names).")
    var tag: String
    @Option(help: "A label for the item (part of its name with the tag).")
    var label = ""
    @Option(help: "whenUnlocked, afterFirstUnlock, whenUnlockedThisDeviceOnly or afterFirstUnlockThisDeviceOnly.")
    var accessibility = "whenUnlocked"
    @Argument(help: "The PEM key file, or - for standard input.", transform: PathArgument.path)
    var file: String

    func validate() throws {
        if tag.isEmpty { throw ValidationError("--tag needs a non-empty application tag") }
        if Accessibility(name: accessibility) == nil {
            throw ValidationError(
                "unknown accessibility \(accessibility); use \(Accessibility.allCases.map(\.description).joined(separator: ", "))"
            )
        }
    }

    func run() throws {
        let source = file == "-" ? "standard input" : file
        let key = try PrivateKeyInput.parse(try PrivateKeyInput.readPEM(file, option: "import-key"), source: source)
        let opened = try vault.access.openUnlocked()
        let protection = ItemProtection(accessibility: Accessibility(name: accessibility) ?? .whenUnlocked)
        let tag = self.tag
        let label = self.label
        try VaultFailure.run { () throws(VaultError) in
            try opened.addKey(PrivateKeyInput.vaultKey(key), applicationTag: tag, label: label, protection: protection)
        }
        Terminal.warn(
            ControlCharacterEscaping.sanitized(
                "imported the \(key.kind) key from \(source) as the key item '\(tag)'"
                    + (label.isEmpty ? "" : " labelled '\(label)'")))
    }
}
