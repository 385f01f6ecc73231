import ArgumentParser
import Foundation
import RampartE2E
import RampartSeal

/// `rampart e2e open`: opens a message with an identity; with `--from`, only if that key signed it.
struct E2EOpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a message with your identity (and check its sender with --from).",
        discussion: """
            Reads IN (or standard input), writes OUT (or standard output) only once every chunk and
            the sender's signature verified; on any failure nothing is written and no file is left.
            The sender (signed by …, or anonymous) is reported on standard error.
              rampart e2e open -i bob.key --from rampart1… -o notes.txt msg.e2e
            Exit codes: 2 usage, 65 malformed message or key, 66 missing input, 73 cannot create output,
            74 I/O, 77 not a recipient, wrong sender or tampered, 141 closed pipe.
            """)

    @Option(name: [.customShort("i"), .customLong("identity")], help: "Your identity file.")
    var identity: String
    @Option(name: .customLong("from"), help: "The sender's public key: refuse a message not signed by it.")
    var from: String?
    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to OUT instead of standard output.")
    var output: String?
    @Flag(help: "Replace OUT if it exists.")
    var force = false
    @Argument(help: "The message; standard input when absent or '-'.")
    var input: String?

    func run() throws {
        let expected = try from.map(E2EPublicKeyArgument.parse)
        let path = identity
        let own = try E2EFailure.run { () throws(E2EError) in try E2EIdentityFile.read(path) }
        let destination = try SealInput.destination(output, input: input, force: force)
        var source = try SealInput.open(input)
        var sender: E2EPublicKey?
        try E2EFailure.write(to: destination, holdUntilDone: true) { (sink: inout any ByteSink) throws(E2EError) in
            sender = try E2E.open(from: &source, to: &sink, identity: own, expected: expected)
        }
        Terminal.warn(sender.map { "signed by \($0.keyID) (\($0.kind))" } ?? "anonymous sender (not signed)")
    }
}
