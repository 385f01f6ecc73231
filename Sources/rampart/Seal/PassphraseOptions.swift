import ArgumentParser
import Foundation
import RampartIO

/// How a passphrase reaches `rampart encrypt|decrypt`: never on the command line.
struct PassphraseOptions: ParsableArguments {
    @Option(
        name: .customLong("passphrase-file"),
        help: "Read the passphrase from the first line of FILE (printable text, at most 64 KiB).",
        transform: PathArgument.path)
    var passphraseFile: String?
    @Option(name: .customLong("passphrase-env"), help: "Read the passphrase from the environment variable NAME.")
    var passphraseEnvironment: String?
    @Flag(
        name: [.customShort("p"), .customLong("passphrase")],
        help: "Prompt for a passphrase on the terminal, without echo.")
    var prompt = false

    var isGiven: Bool { passphraseFile != nil || passphraseEnvironment != nil || prompt }

    func validate() throws {
        let ways = [passphraseFile != nil, passphraseEnvironment != nil, prompt].filter { $0 }.count
        if ways > 1 { throw ValidationError("give the passphrase one way: --passphrase-file, --passphrase-env or -p") }
    }

    /// The passphrase, or `nil` when none was asked for. `confirm` prompts twice.
    func read(confirm: Bool) throws -> String? {
        if let passphraseFile {
            return try PassphraseFile.readForCommand(path: passphraseFile)
        }
        if let name = passphraseEnvironment {
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
                throw CommandFailure("the environment variable \(name) is not set or empty", status: .usage)
            }
            return value
        }
        guard prompt else { return nil }
        let first = try TerminalPrompt.readSecret("Passphrase: ")
        guard !first.isEmpty else { throw CommandFailure("the passphrase is empty", status: .usage) }
        if confirm {
            let second = try TerminalPrompt.readSecret("Confirm passphrase: ")
            guard first == second else { throw CommandFailure("the passphrases do not match", status: .usage) }
        }
        return first
    }
}
