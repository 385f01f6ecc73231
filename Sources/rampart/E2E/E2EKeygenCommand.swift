import ArgumentParser
import Foundation
import RampartE2E

/// `rampart e2e keygen`: a new identity in a 0600 file; its public key on standard output.
struct E2EKeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate an end-to-end identity file (0600) and print its public key.",
        discussion: """
              rampart e2e keygen -o alice.key          # X25519 + Ed25519 (rampart1…)
              rampart e2e keygen --pq -o alice.key     # X-Wing + ML-DSA-65 (rampartpq1…)
              rampart e2e keygen --nist -o alice.key   # P-256 + Ed25519 (rampartnist1…)

            An existing file is never replaced.

            Exit codes: 2 usage, 73 cannot create the file, 74 I/O.
            """)

    @Option(
        name: [.customShort("o"), .customLong("output")], help: "The identity file to create (0600).",
        transform: PathArgument.path)
    var output: String
    @Flag(name: .customLong("pq"), help: "A post-quantum hybrid identity (X-Wing ML-KEM-768 + X25519, ML-DSA-65).")
    var postQuantum = false
    @Flag(name: .customLong("nist"), help: "A P-256 identity.")
    var nist = false
    @Option(help: "text, or json: the identity file, its public key and kind (never the identity).")
    var format: OutputFormat = .text

    func validate() throws {
        if postQuantum && nist { throw ValidationError("choose one of --pq and --nist") }
    }

    func run() throws {
        let identity = try E2EFailure.run { () throws(E2EError) in
            let identity = try E2EIdentity.generate(postQuantum ? .postQuantum : nist ? .nist : .classic)
            try E2EIdentityFile.write(identity, to: output)
            return identity
        }
        if format == .json {
            return try StandardOutput.json(E2EKeygenReport(identityFile: output, publicKey: identity.publicKey))
        }
        try StandardOutput.line(identity.publicKey.description)
    }
}
