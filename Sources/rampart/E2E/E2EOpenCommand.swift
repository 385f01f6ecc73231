import ArgumentParser
import Foundation
import RampartE2E
import RampartSeal

/// `rampart e2e open`: opens a message with an identity; with `--from`, only if that key signed it.
struct E2EOpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a message with your identity (and check its sender with --from).",
        usage: "rampart e2e open --identity <identity> [<options>] [<input>]",
        discussion: """
            Reads IN (or standard input), writes OUT (or standard output) only once every chunk and the sender's \
            signature verified; on any failure nothing is written and no file is left.

            The sender is reported on standard error: with --from, as the expected key; without it, by its full \
            public key (post-quantum keys: too long to read, so by the safety number only) and the safety number of \
            it and your key, to compare with the sender out of band. A message signed by a key you did not name \
            proves only that someone holding that key signed it: give --from to require the sender you expect. An \
            identity file that its group or others can read is used, with a warning on standard error (run chmod 600 \
            on it).

              rampart e2e open -i bob.key --from rampart1… -o notes.txt msg.e2e
              rampart e2e open -i bob.key -o notes.txt --format json msg.e2e

            --format json (with -o FILE) prints a report on standard output instead of the sender lines: the \
            sizes and the sender (public key, kind, key ID, whether --from named it, safety number); never the \
            identity or the message.

            Messages are envelope version 2 (with a header MAC that commits them to one key); a version 1 envelope \
            is refused with 65: ask the sender to seal it again.

            Exit codes: 2 usage, 65 malformed message or key, 66 missing input, 73 cannot create output, 74 I/O, 77 \
            not a recipient, wrong sender or tampered, 141 closed pipe.
            """)

    @Option(
        name: [.customShort("i"), .customLong("identity")],
        help: "Your identity file (0600; readable by group or others: a warning).", transform: PathArgument.path)
    var identity: String
    @Option(name: .customLong("from"), help: "The sender's public key: refuse a message not signed by it.")
    var from: String?
    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write to OUT instead of standard output.",
        transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace OUT if it exists.")
    var force = false
    @Argument(help: "The message; standard input when absent or '-'.", transform: PathArgument.path)
    var input: String?
    @Option(help: "text, or json: a report of the sizes and the sender on standard output (needs -o FILE).")
    var format: OutputFormat = .text

    func validate() throws {
        if format == .json && (output == nil || output == "-") {
            throw ValidationError("--format json prints a report on standard output: write the message with -o FILE")
        }
    }

    func run() throws {
        let expected = try from.map(E2EPublicKeyArgument.parse)
        let path = identity
        let own = try E2EFailure.run { () throws(E2EError) in try E2EIdentityFile.read(path) }
        IdentityFilePermissions.warnIfExposed(path)
        let destination = try SealInput.destination(output, input: input, force: force)
        var source = CountingByteSource(try SealInput.open(input))
        let sender = try E2EFailure.run { () throws(E2EError) in
            try E2E.open(from: &source, to: destination, identity: own, expected: expected)
        }
        if format == .json, let output {
            return try StandardOutput.json(
                E2EOpenReport(
                    input: input ?? "-", output: output, sealedBytes: source.count,
                    plaintextBytes: Self.regularFileSize(output), sender: sender, own: own.publicKey,
                    expected: expected))
        }
        for line in Self.senderReport(sender, own: own.publicKey, expected: expected) { Terminal.warn(line) }
    }

    /// The size of the file at `path` when it is a regular file; a FIFO or a device has none (and is
    /// not opened: a FIFO would block).
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What standard error says about the sender. A 64-bit key ID would name a key that a second
    /// key with the same ID (~2^64 work) could impersonate, so an unchecked sender is shown by its
    /// whole key and the safety number, with the advice to use --from.
    static func senderReport(_ sender: E2EPublicKey?, own: E2EPublicKey, expected: E2EPublicKey?) -> [String] {
        guard let sender else { return ["anonymous sender (not signed)"] }
        if expected != nil { return ["signed by the expected sender (\(sender.kind), key ID \(sender.keyID))"] }
        let key = sender.kind == .postQuantum ? "a post-quantum key (compare the safety number)" : sender.description
        return [
            "signed by \(key) (\(sender.kind)); not checked against an expected sender",
            "safety number of the sender's key and yours: \(E2ESafetyNumber(sender, own).digits)",
            "compare it with the sender out of band, and give --from THEIR_PUBLIC_KEY to require this sender",
        ]
    }
}
