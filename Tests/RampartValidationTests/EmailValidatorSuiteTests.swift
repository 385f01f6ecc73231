// E-mail checks against the case tables of JoshData/python-email-validator tests/test_syntax.py
// (Unlicense), extracted by Fixtures/email-validator/extract.py into test_syntax_cases.json.
// One case (a lone surrogate, U+D800) cannot be held by a Swift String and was left out by the script.

import Foundation
import RampartValidation
import Testing

struct EmailValidatorCase: Decodable, Sendable, CustomTestStringConvertible {
    let test: String
    let input: String
    let expected: String?
    var testDescription: String { "\(test): \(input.debugDescription)" }

    static func all() throws -> [EmailValidatorCase] {
        try JSONDecoder().decode(
            [EmailValidatorCase].self, from: FixtureFiles.data("email-validator/test_syntax_cases.json"))
    }
}

/// The answer each policy should give, by the suite's own test function.
///
/// python-email-validator's defaults refuse quoted local parts and domain literals and accept display
/// names only with an option; its tables are read with those options in mind:
/// - `test_email_valid`, `test_email_valid_intl_local_part`: valid under both policies, except quoted
///   local parts (valid under `rfc` only) and the display-name forms (`Name <a@b>`), which are not an
///   address and are refused by both.
/// - `test_email_valid_only_if_quoted_local_part`: `rfc` accepts, `signUp` refuses.
/// - `test_email_invalid_syntax`: refused by both, except `[127.0.0.1]` and `[IPv6:::1]`, refused there
///   only because literals are off by default (`rfc` accepts them), and `my@localhost`, `me@bad-tld-1`
///   and `me@bad.tld-2`, which RFC 5321's grammar allows (`rfc` accepts them; `signUp` refuses them as
///   `domainNeedsDot` and `topLevelDomain`).
/// - `test_email_invalid_syntax_strict` (65+ octets before the @): refused by both (RFC 5321's limit;
///   the Python library enforces it only in strict mode).
/// - `test_email_invalid_reserved_domain`: `signUp` refuses (`reservedDomain`); `rfc` accepts the syntax.
/// - `test_email_unsafe_character`: refused by both, before the @ and after it.
/// - `test_email_invalid_character_smtputf8_off`: refused when internationalised addresses are off.
/// - `test_pyisemail_tests`: by isemail diagnosis, as in the isemail suite (IPv6 `::` standing for one
///   group is refused: RFC 5321 4.1.3 says `::` represents at least two groups).
enum EmailValidatorExpectation {
    case valid
    case refused(EmailRule?)
}

func expectation(_ c: EmailValidatorCase, policy: EmailAddressPolicy) -> EmailValidatorExpectation {
    let signUp = policy.syntax == .signUp
    let quoted = c.input.hasPrefix("\"")
    let displayName = c.input.contains("<")
    switch c.test {
    case "test_email_valid", "test_email_valid_intl_local_part":
        if displayName { return .refused(nil) }
        if quoted && signUp { return .refused(.quotedLocalPartNotAllowed) }
        return .valid
    case "test_email_valid_only_if_quoted_local_part":
        return signUp ? .refused(.quotedLocalPartNotAllowed) : .valid
    case "test_email_invalid_syntax":
        if c.input == "me@[127.0.0.1]" || c.input == "me@[IPv6:::1]" {
            return signUp ? .refused(.addressLiteralNotAllowed) : .valid
        }
        if c.input == "my@localhost" || c.input == "me@bad-tld-1" { return signUp ? .refused(.domainNeedsDot) : .valid }
        if c.input == "me@bad.tld-2" { return signUp ? .refused(.topLevelDomain) : .valid }
        return .refused(nil)
    case "test_email_invalid_syntax_strict":
        return .refused(.localPartTooLong)
    case "test_email_invalid_reserved_domain":
        return signUp ? .refused(.reservedDomain) : .valid
    case "test_pyisemail_tests":
        let status = c.expected ?? ""
        if status == "ISEMAIL_VALID" { return .valid }
        if status == "ISEMAIL_RFC5321_QUOTEDSTRING" { return signUp ? .refused(.quotedLocalPartNotAllowed) : .valid }
        if status.hasPrefix("ISEMAIL_RFC5321_ADDRESSLITERAL") {
            return signUp ? .refused(.addressLiteralNotAllowed) : .valid
        }
        if status.hasPrefix("ISEMAIL_DNSWARN") { return .valid }
        return .refused(nil)
    default:
        return .refused(nil)
    }
}

@Suite("E-mail: python-email-validator suite")
struct EmailValidatorSuiteTests {
    static let policies: [EmailAddressPolicy] = [.signUp, .rfc]

    @Test(
        "syntax tables",
        arguments: try EmailValidatorCase.all().filter {
            $0.test != "test_email_unsafe_character" && $0.test != "test_email_invalid_character_smtputf8_off"
        })
    func tables(_ c: EmailValidatorCase) {
        for policy in Self.policies {
            let result = EmailAddressValidator(policy: policy).check(c.input)
            switch expectation(c, policy: policy) {
            case .valid:
                #expect(result.isValid, "\(policy.syntax): \(String(describing: result.failedRule))")
            case .refused(let rule?):
                #expect(result.failedRule == rule, "\(policy.syntax)")
            case .refused(nil):
                #expect(!result.isValid, "\(policy.syntax) should refuse")
            }
        }
    }

    @Test(
        "unsafe characters", arguments: try EmailValidatorCase.all().filter { $0.test == "test_email_unsafe_character" }
    )
    func unsafe(_ c: EmailValidatorCase) {
        for policy in Self.policies {
            let validator = EmailAddressValidator(policy: policy)
            #expect(validator.check(c.input + "@example.com").failedRule == .unsafeCharacter)
            #expect(!validator.check("test@" + c.input + ".example.com").isValid)
        }
    }

    @Test(
        "UTF-8 refused on request",
        arguments: try EmailValidatorCase.all().filter {
            $0.test == "test_email_invalid_character_smtputf8_off"
        })
    func asciiOnly(_ c: EmailValidatorCase) {
        let validator = EmailAddressValidator(policy: EmailAddressPolicy(syntax: .rfc, allowsInternationalized: false))
        #expect(validator.check(c.input).failedRule == .internationalizedNotAllowed)
    }

    @Test func suiteIsComplete() throws {
        #expect(try EmailValidatorCase.all().count == 285)
    }
}
