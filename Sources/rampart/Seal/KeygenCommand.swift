import ArgumentParser
import Foundation
import RampartIO
import RampartSeal

/// `rampart keygen`: a new age X25519 (or, with `--pq`, ML-KEM-768 + X25519) identity, or the
/// recipient of an existing one.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate an age identity file (like age-keygen), or print an identity's recipient.",
        usage: """
            rampart keygen [--pq] [--output <output>] [--format <format>]
            rampart keygen -y [--format <format>] <input>
            """,
        discussion: """
              rampart keygen -o key.txt       # created 0600; "Public key: age1…" on stderr
              rampart keygen --pq -o pq.txt   # post-quantum (ML-KEM-768 + X25519)
              rampart keygen -y key.txt       # the recipient(s) of an identity file

            An existing key file is never replaced (there is no --force); a FIFO or character device as FILE is \
            written into, a directory is refused.

            Exit codes: 65 not an identity file, 66 missing input, 73 cannot create output, 74 I/O (a full or closed \
            standard output).
            """)

    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write the identity to FILE (0600).",
        transform: PathArgument.path)
    var output: String?
    @Flag(name: .customShort("y"), help: "Print the recipients of the identity file INPUT.")
    var convert = false
    @Flag(name: .customLong("pq"), help: "A post-quantum hybrid identity (ML-KEM-768 + X25519, age1pq1…).")
    var postQuantum = false
    @Argument(help: "With -y: the identity file ('-' for standard input).", transform: PathArgument.path)
    var input: String?
    @Option(help: "text, or json: the identity file and its recipients (with -o or -y; never the identity).")
    var format: OutputFormat = .text

    func validate() throws {
        if convert && input == nil { throw ValidationError("-y needs an identity file (or '-')") }
        if !convert && input != nil { throw ValidationError("an input file goes with -y only") }
        if convert && postQuantum { throw ValidationError("--pq makes a new identity; it does not go with -y") }
        if format == .json && !convert && (output == nil || output == "-") {
            throw ValidationError(
                "--format json prints the recipient, never the identity: write the identity with -o FILE")
        }
    }

    func run() throws {
        if convert, let input {
            let identities = try SealFailure.run { () throws(SealError) in try AgeKeyFile.identities(atPath: input) }
            if format == .json {
                return try StandardOutput.json(KeygenReport(identityFile: input, identities: identities))
            }
            for identity in identities { try StandardOutput.line(identity.recipientText) }
            return
        }
        let (identity, text) = try SealFailure.run { () throws(SealError) -> (any AgeKeyIdentity, String) in
            if postQuantum {
                let (identity, text) = try AgeKeyFile.generatePostQuantum()
                return (identity, text)
            }
            let (identity, text) = AgeKeyFile.generate()
            return (identity, text)
        }
        let recipient = identity.recipientText
        try SealFailure.run { () throws(SealError) in
            let destination: OutputDestination = output.map { .file($0, replacing: false) } ?? .standardOutput
            try destination.write { (sink: inout any ByteSink<IOError>) throws(SealError) in
                try sink.sealWrite(Data(text.utf8))
            }
        }
        if format == .json, let output {
            return try StandardOutput.json(KeygenReport(identityFile: output, identities: [identity]))
        }
        if output != nil { Terminal.warn("Public key: \(recipient)") }
    }
}
