import ArgumentParser

/// How a passphrase reaches `rampart encrypt|decrypt`: never on the command line. The values go to
/// ``PassphraseInput``, which checks and reads them.
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

    /// The options' values.
    var values: PassphraseInput {
        PassphraseInput(passphraseFile: passphraseFile, passphraseEnvironment: passphraseEnvironment, prompt: prompt)
    }

    func validate() throws { try values.validate() }
}
