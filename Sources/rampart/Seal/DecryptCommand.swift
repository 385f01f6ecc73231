import ArgumentParser
import RampartSeal

/// `rampart decrypt`: detects age (binary or armored) and RNCryptor v3, and releases nothing that
/// did not authenticate.
struct DecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt an age or RNCryptor v3 file (the format is detected from its header).",
        usage: "rampart decrypt [<options>] [<input>]",
        discussion: """
            Reads IN (or standard input) and writes OUT (or standard output). A file OUT appears only when \
            everything authenticated: until then it has no name, so an interrupted or killed command leaves nothing \
            behind. An existing file is replaced only with --force (a symbolic link is replaced itself, not the file \
            it points to). A FIFO or a character device (/dev/null, /dev/stdout on a pipe) is written into, never \
            replaced; a directory, socket or block device is refused. RNCryptor output to standard output, a FIFO or \
            a device is held back until its MAC verified; age output is released chunk by chunk, each one \
            authenticated, and the command fails if the file was cut short.

            An identity file (-i) that its group or others can read is used, with a warning on standard error (run \
            chmod 600 on it).

              rampart decrypt -i key.txt -o secret.txt secret.age
              rampart decrypt --passphrase-file pw.txt data.rncryptor > data.bin

            Exit codes: 2 usage, 65 malformed or not age/RNCryptor, 66 missing input, 73 cannot create output, 74 \
            I/O, 77 wrong passphrase, no matching identity, or altered data, 141 the reader of the output went away; \
            128+N on signal N.
            """)

    @Option(help: "Force the input format: age or rncryptor (default: detect).")
    var format: SealFormat?
    @Option(
        name: [.customShort("i"), .customLong("identity")],
        help: "An age identity file (0600; readable by group or others: a warning); repeatable.",
        transform: PathArgument.path)
    var identityFiles: [String] = []
    @OptionGroup var passphrase: PassphraseOptions
    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write to OUT instead of standard output.",
        transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace OUT if it exists.")
    var force = false
    @Argument(help: "The file to decrypt; standard input when absent or '-'.", transform: PathArgument.path)
    var input: String?

    /// The options' values, which ``DecryptInvocation`` checks and runs.
    var invocation: DecryptInvocation {
        DecryptInvocation(
            format: format, identityFiles: identityFiles, passphrase: passphrase.values, output: output, force: force,
            input: input)
    }

    func validate() throws { try invocation.validate() }

    func run() throws { try invocation.run() }
}
