import ArgumentParser
import Foundation
import RampartValidation

/// `rampart validate email ADDRESS...`: each address checked, with the rule that failed.
struct ValidateEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Check e-mail addresses: the sign-up policy by default, RFC 5321 with --rfc.",
        usage: "rampart validate email [<options>] [<addresses> ...]",
        discussion: """
            The default policy accepts what a sign-up form should: a dot-atom local part, a host-name domain of two \
            labels or more (IDN allowed), a letter top-level domain, no special-use names, RFC 5321's length limits. \
            --rfc accepts any RFC 5321 Mailbox (quoted local parts, address literals). Internationalised addresses \
            (RFC 6531) are accepted unless --no-unicode. Give - to read one address per line from standard input.

              rampart validate email jane@example.com 'john..doe@example.com'
              rampart validate email --rfc --format json - < addresses.txt

            Exit 0 when every address is valid, 1 when any is not, 2 usage, 65 unreadable input, 74 I/O.
            """)

    @Flag(help: "Accept any RFC 5321 Mailbox (quoted local parts, address literals).")
    var rfc = false
    @Flag(name: .customLong("no-unicode"), help: "Refuse UTF-8 beyond ASCII (RFC 6531 addresses).")
    var noUnicode = false
    @OptionGroup var output: FormatOptions
    @Argument(help: "Addresses to check; - reads one per line from standard input.")
    var addresses: [String] = []

    func validate() throws {
        guard !addresses.isEmpty else { throw ValidationError("give one address or more, or - for standard input") }
    }

    struct Result: Encodable {
        let address: String
        let valid: Bool
        let rule: String?
        let message: String?
        let offset: Int?
        let internationalized: Bool
    }

    func run() async throws {
        var list: [String] = []
        for address in addresses {
            if address == "-" {
                let data = try StandardInput.readAll(limit: 64 << 20, purpose: "the addresses")
                guard let text = String(data: data, encoding: .utf8) else {
                    throw CommandFailure("the addresses on standard input are not UTF-8", status: .dataError)
                }
                list += text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            } else {
                list.append(address)
            }
        }
        let validator = EmailAddressValidator(
            policy: EmailAddressPolicy(syntax: rfc ? .rfc : .signUp, allowsInternationalized: !noUnicode))
        let results = list.map { address in
            let check = validator.check(address)
            return Result(
                address: address, valid: check.isValid, rule: check.failedRule?.rawValue,
                message: check.failedRule?.message,
                offset: check.offset, internationalized: check.isInternationalized)
        }
        switch output.format {
        case .json: try output.printJSON(results)
        case .text:
            for result in results {
                let shown = result.address.reportField
                if result.valid {
                    try StandardOutput.line("valid    \(shown)")
                } else {
                    try StandardOutput.line(
                        "invalid  \(shown): \(result.rule ?? "") (\(result.message ?? "")) at byte \(result.offset ?? 0)"
                    )
                }
            }
        }
        if results.contains(where: { !$0.valid }) { throw CommandFailure("", status: .policyViolation) }
    }
}
