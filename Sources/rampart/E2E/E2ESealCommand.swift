import ArgumentParser
import Foundation
import RampartE2E
import RampartIO
import RampartSeal

/// `rampart e2e seal`: a message to one or more public keys, signed with `--from IDENTITY`.
struct E2ESealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Seal a message to public keys (anonymous, or signed with --from).",
        usage: "rampart e2e seal [<options>] [<input>]",
        discussion: """
            Reads IN (or standard input), writes OUT (or standard output); OUT appears only when sealing finished. \
            Every recipient must be of one kind (rampart1…, rampartnist1… or rampartpq1…). A recipients file (-R) \
            holds one public key per line; # comments and blank lines are skipped. An identity file (--from) that \
            its group or others can read is used, with a warning on standard error (run chmod 600 on it).

              rampart e2e seal -r rampart1… --from alice.key -o msg.e2e notes.txt
              rampart e2e seal -R team.pub -o msg.e2e notes.txt
              rampart e2e seal -R team.pub -o msg.e2e --format json notes.txt

            --format json (with -o FILE) prints a report on standard output: the recipients' count and kind, \
            whether it is signed, the message's and the envelope's sizes; never a key or the message.

            Exit codes: 2 usage, 65 bad public or identity key (-r, -R or --from), 66 missing input, 73 cannot \
            create output, 74 I/O, 141 closed pipe.
            """)

    @Option(name: [.customShort("r"), .customLong("recipient")], help: "A recipient's public key; repeatable.")
    var recipients: [String] = []
    @Option(
        name: [.customShort("R"), .customLong("recipients-file")],
        help: "A file of public keys, one per line; repeatable.", transform: PathArgument.path)
    var recipientFiles: [String] = []
    @Option(
        name: .customLong("from"),
        help: "Sign with the identity in FILE (the recipients see who sent it; 0600: readable by others warns).",
        transform: PathArgument.path)
    var from: String?
    @Flag(
        name: .customLong("aes"),
        help: "Wrap the file key with AES-256-GCM instead of ChaCha20-Poly1305 (classic keys).")
    var aes = false
    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write to OUT instead of standard output.",
        transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace OUT if it exists.")
    var force = false
    @Argument(help: "The message file; standard input when absent or '-'.", transform: PathArgument.path)
    var input: String?
    @Option(help: "text, or json: a report of what was sealed and the sizes on standard output (needs -o FILE).")
    var format: OutputFormat = .text

    func validate() throws {
        if recipients.isEmpty && recipientFiles.isEmpty {
            throw ValidationError("give at least one -r PUBLIC_KEY or -R FILE")
        }
        if format == .json && (output == nil || output == "-") {
            throw ValidationError("--format json prints a report on standard output: write the message with -o FILE")
        }
        if (output == nil || output == "-") && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("refusing to write a binary message to a terminal; use -o FILE or a pipe")
        }
    }

    func run() throws {
        var keys = try recipients.map(E2EPublicKeyArgument.parse)
        for file in recipientFiles {
            keys += try E2EFailure.run { () throws(E2EError) in try E2EPublicKeyFile.read(file) }
        }
        let sender = try from.map { path in try E2EFailure.run { () throws(E2EError) in try E2EIdentityFile.read(path) }
        }
        if let from { IdentityFilePermissions.warnIfExposed(from) }
        let destination = try SealInput.destination(output, input: input, force: force)
        var source = CountingByteSource(try SealInput.open(input))
        var sealedBytes = 0
        try E2EFailure.write(to: destination) { (sink: inout any ByteSink<IOError>) throws(E2EError) in
            var counted = CountingByteSink(sink)
            defer {
                sink = counted.base
                sealedBytes = counted.count
            }
            try E2E.seal(
                from: &source, to: &counted, recipients: keys, sender: sender,
                aead: aes ? .aes256GCM : .chaCha20Poly1305)
        }
        if format == .json, let output, let kind = keys.first?.kind {
            try StandardOutput.json(
                E2ESealReport(
                    input: input ?? "-", output: output, recipients: keys.count, kind: kind.reportName,
                    signed: sender != nil, plaintextBytes: source.count, sealedBytes: sealedBytes))
        }
    }
}
