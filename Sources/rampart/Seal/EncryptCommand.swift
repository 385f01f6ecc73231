import ArgumentParser
import Foundation
import RampartIO
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

    func validate() throws {
        let hasRecipients = !recipients.isEmpty || !recipientFiles.isEmpty
        switch format {
        case .age:
            if hasRecipients && passphrase.isGiven {
                throw ValidationError(
                    "age files take recipients or a passphrase, not both (the spec keeps scrypt alone)")
            }
            if !hasRecipients && !passphrase.isGiven {
                throw ValidationError("give -r RECIPIENT, -R FILE, --passphrase-file FILE, --passphrase-env NAME or -p")
            }
            if !(10...ScryptIdentity.workFactorCeiling).contains(workFactor) {
                throw ValidationError("--work-factor must be from 10 to \(ScryptIdentity.workFactorCeiling)")
            }
        case .rncryptor:
            if hasRecipients || armor {
                throw ValidationError("RNCryptor is password-based here: -r, -R and -a are for age")
            }
            if !passphrase.isGiven {
                throw ValidationError("RNCryptor needs --passphrase-file FILE, --passphrase-env NAME or -p")
            }
        }
        if (output == nil || output == "-") && !armor && format == .age && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("refusing to write binary age output to a terminal; use -a or -o FILE")
        }
    }

    /// A `-r` recipient; one that does not parse is bad data (65), as in a `-R` file.
    static func recipient(_ text: String) throws -> any AgeRecipient {
        do throws(SealError) {
            return try AgeKeyFile.recipient(text)
        } catch {
            throw CommandFailure(
                "-r: not an age recipient (\(ControlCharacterEscaping.sanitized(error.description))); "
                    + "give an age1… or age1pq1… recipient, as printed by rampart keygen -y",
                status: .dataError)
        }
    }

    func run() throws {
        let destination = try SealInput.destination(output, input: input, force: force)
        let secret = try passphrase.read(confirm: true)
        var ageRecipients: [any AgeRecipient] = []
        for text in recipients { ageRecipients.append(try Self.recipient(text)) }
        try SealFailure.run { () throws(SealError) in
            for file in recipientFiles { ageRecipients += try AgeKeyFile.recipients(atPath: file) }
            if let secret, format == .age {
                ageRecipients.append(try ScryptRecipient(passphrase: secret, workFactor: workFactor))
            }
        }
        let source = try SealInput.open(input)
        let meter = ProgressMeter(total: source.size)
        defer { meter?.finish() }
        let progress = meter?.callback
        var reader = source
        try SealFailure.run { () throws(SealError) in
            try destination.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
                switch format {
                case .age:
                    try Age.encrypt(
                        from: &reader, to: &sink, recipients: ageRecipients, armored: armor, progress: progress)
                case .rncryptor:
                    try RNCryptor.encrypt(from: &reader, to: &sink, password: secret ?? "", chunkSize: 1 << 18)
                }
            }
        }
    }
}
