import ArgumentParser
import RampartSeal

/// `rampart encrypt`: age (default) or RNCryptor v3, streaming, with the output written atomically.
struct EncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt a file to age recipients or a passphrase (age v1 or RNCryptor v3).",
        usage: "rampart encrypt [<options>] [<input>]",
        discussion: """
            Reads IN (or standard input) and writes OUT (or standard output). A file OUT has no name until \
            encryption finished, so on any failure, interruption or kill nothing is left; an existing file is \
            replaced only with --force (a symbolic link is replaced itself, not the file it points to). A FIFO or a \
            character device is written into, never replaced; a directory, socket or block device is refused.

            Passphrases never go on the command line: --passphrase-file (the first line; at most 64 KiB, no control \
            characters), --passphrase-env or -p (prompt twice, without echo).

              rampart encrypt -r age1… -o secret.age secret.txt
              rampart encrypt -R team.txt -a < notes.md > notes.md.age
              rampart encrypt --format rncryptor --passphrase-file pw.txt \\
                  -o data.rncryptor data.bin

            Exit codes: 2 usage, 65 bad key, recipient (-r or -R) or passphrase file, 66 missing input, 73 cannot \
            create output, 74 I/O, 141 the reader of the output went away; 128+N on signal N.
            """)

    @Option(help: "The output format: age or rncryptor.")
    var format: SealFormat = .age
    @Option(
        name: [.customShort("r"), .customLong("recipient")], help: "An age recipient (age1… or age1pq1…); repeatable.")
    var recipients: [String] = []
    @Option(
        name: [.customShort("R"), .customLong("recipients-file")], help: "A file of age recipients; repeatable.",
        transform: PathArgument.path)
    var recipientFiles: [String] = []
    @OptionGroup var passphrase: PassphraseOptions
    @Option(name: .customLong("work-factor"), help: "age passphrase work factor, log2 of scrypt's N (10…22).")
    var workFactor = 18
    @Flag(name: [.customShort("a"), .customLong("armor")], help: "age: write PEM-style ASCII armor.")
    var armor = false
    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write to OUT instead of standard output.",
        transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace OUT if it exists.")
    var force = false
    @Argument(help: "The file to encrypt; standard input when absent or '-'.", transform: PathArgument.path)
    var input: String?

    /// The options' values, which ``EncryptInvocation`` checks and runs.
    var invocation: EncryptInvocation {
        EncryptInvocation(
            format: format, recipients: recipients, recipientFiles: recipientFiles, passphrase: passphrase.values,
            workFactor: workFactor, armor: armor, output: output, force: force, input: input)
    }

    func validate() throws { try invocation.validate() }

    func run() throws { try invocation.run() }
}
