import ArgumentParser
import RampartE2E

/// `rampart e2e fingerprint`: the safety number of two public keys, the same in either order.
struct E2EFingerprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Print the safety number of two public keys (compare it out of band).",
        discussion: """
            Prints 12 groups of 5 digits to read aloud, then a string for a QR code. Both people get the same number \
            whichever order they give the keys in. The two keys must differ: a key compared with itself proves \
            nothing, so the same key twice is a usage error (2).

            Exit codes: 2 usage (the same key twice), 65 a bad key.
            """)

    @Argument(help: "Your public key.")
    var first: String
    @Argument(help: "Their public key.")
    var second: String

    func run() throws {
        let (mine, theirs) = (try E2EPublicKeyArgument.parse(first), try E2EPublicKeyArgument.parse(second))
        guard mine != theirs else {
            throw CommandFailure(
                "the two keys are the same key: a safety number compares your key with someone else's; "
                    + "give your public key and theirs", status: .usage)
        }
        let number = E2ESafetyNumber(mine, theirs)
        try StandardOutput.line(number.digits)
        try StandardOutput.line(number.qrPayload)
    }
}
