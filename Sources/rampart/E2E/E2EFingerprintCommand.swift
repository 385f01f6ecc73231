import ArgumentParser
import RampartE2E

/// `rampart e2e fingerprint`: the safety number of two public keys, the same in either order.
struct E2EFingerprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Print the safety number of two public keys (compare it out of band).",
        discussion: """
            Prints 12 groups of 5 digits to read aloud, then a string for a QR code. Both people get
            the same number whichever order they give the keys in. Exit codes: 2 usage, 65 a bad key.
            """)

    @Argument(help: "Your public key.")
    var first: String
    @Argument(help: "Their public key.")
    var second: String

    func run() throws {
        let number = E2ESafetyNumber(try E2EPublicKeyArgument.parse(first), try E2EPublicKeyArgument.parse(second))
        try StandardOutput.line(number.digits)
        try StandardOutput.line(number.qrPayload)
    }
}
