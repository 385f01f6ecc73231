import ArgumentParser
import Foundation
import RampartIO

/// The passphrase `rampart encrypt|decrypt` was told to use, as ``PassphraseOptions`` names it:
/// each property is the option of the same name; at most one is given.
///
/// ```swift
/// let passphrase = PassphraseInput(passphraseFile: "pw.txt")
/// try passphrase.validate()
/// let secret = try passphrase.read(confirm: true)  // the file's first line
/// ```
struct PassphraseInput: Equatable {
    var passphraseFile: String? = nil
    var passphraseEnvironment: String? = nil
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
