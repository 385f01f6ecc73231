// E-mail checks against two public suites: isemail's tests.xml (Dominic Sayers, BSD-3-Clause) and the
// case tables of JoshData/python-email-validator's tests/test_syntax.py (Unlicense). Every case is
// run; where a suite's label and our policy differ on purpose, the mapping below says so.

import Foundation
import RampartValidation
import Testing

struct IsEmailCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: Int
    let address: String
    let category: String
    let diagnosis: String
    var testDescription: String { "#\(id) \(diagnosis)" }

    static func all() throws -> [IsEmailCase] {
        try JSONDecoder().decode([IsEmailCase].self, from: FixtureFiles.data("isemail/tests.json"))
    }
}

/// What each policy should answer for an isemail case.
///
/// isemail grades addresses by RFC 5322 (which allows comments, folding white space, obsolete
/// syntax and general domain literals) and warns about DNS; we check RFC 5321 `Mailbox` only.
/// - `ISEMAIL_VALID_CATEGORY`: valid under both policies.
/// - `ISEMAIL_DNSWARN` (syntax valid, no DNS record): valid under `rfc`; under `signUp` valid too
///   unless the top-level domain is not two or more letters (`test@iana.a`, `test@iana.co-uk`,
///   the 1-letter `…u.v`), which the sign-up form refuses by name (`topLevelDomain`).
/// - `ISEMAIL_RFC5321` (valid RFC 5321 but unusual: quoted strings, address literals, single-label and
///   numeric top-level domains): valid under `rfc`, refused by `signUp` with the rule named below.
/// - `ISEMAIL_CFWS`, `ISEMAIL_DEPREC`, `ISEMAIL_RFC5322` (not an RFC 5321 `Mailbox`: comments,
///   folding white space, obsolete forms, over-long parts, general literals) and `ISEMAIL_ERR`:
///   refused by both.
/// - #5 `test@io` is labelled valid (io. had an MX record); a sign-up form refuses one-label domains.
func isEmailExpectation(_ testCase: IsEmailCase, signUp: Bool) -> EmailRule?? {
    if testCase.id == 5 { return .some(signUp ? .domainNeedsDot : nil) }
    switch testCase.category {
    case "ISEMAIL_VALID_CATEGORY": return .some(nil)
    case "ISEMAIL_DNSWARN":
        if signUp, let tld = testCase.address.split(separator: ".").last,
            tld.count < 2 || !tld.allSatisfy(\.isLetter)
        {
            return .some(.topLevelDomain)
        }
        return .some(nil)
    case "ISEMAIL_RFC5321":
        guard signUp else { return .some(nil) }
        switch testCase.diagnosis {
        case "ISEMAIL_RFC5321_TLD": return .some(.domainNeedsDot)
        case "ISEMAIL_RFC5321_TLDNUMERIC": return .some(.topLevelDomain)
        case "ISEMAIL_RFC5321_QUOTEDSTRING": return .some(.quotedLocalPartNotAllowed)
        default: return .some(.addressLiteralNotAllowed)  // ADDRESSLITERAL, IPV6DEPRECATED
        }
    default:
        return .none  // refused, by whichever rule comes first
    }
}

@Suite("E-mail: isemail suite")
struct IsEmailSuiteTests {
    @Test("sign-up policy", arguments: try IsEmailCase.all())
    func signUp(_ testCase: IsEmailCase) {
        check(testCase, EmailAddressValidator(), signUp: true)
    }

    @Test("rfc policy", arguments: try IsEmailCase.all())
    func rfc(_ testCase: IsEmailCase) {
        check(testCase, EmailAddressValidator(policy: .rfc), signUp: false)
    }

    private func check(_ testCase: IsEmailCase, _ validator: EmailAddressValidator, signUp: Bool) {
        let result = validator.check(testCase.address)
        switch isEmailExpectation(testCase, signUp: signUp) {
        case .some(let rule):
            #expect(result.failedRule == rule, "\(testCase.address.debugDescription)")
        case .none:
            #expect(!result.isValid, "\(testCase.address.debugDescription) should be refused")
        }
    }

    @Test func suiteIsComplete() throws {
        #expect(try IsEmailCase.all().count == 164)
    }
}

@Suite("E-mail: fuzz regressions")
struct EmailRegressionTests {
    /// Found by the email-address fuzz target: an IDN label of 59 UTF-8 bytes whose A-label is over
    /// 63 octets was reported at an offset past the end of the address.
    @Test func idnLabelTooLongStaysInside() {
        let address = "me@x子zh777777x子zh777777777" + String(repeating: "w", count: 26) + "777777"
        for policy in [EmailAddressPolicy.signUp, .rfc] {
            let check = EmailAddressValidator(policy: policy).check(address)
            #expect(check.failedRule == .labelTooLong)
            #expect((check.offset ?? .max) <= address.utf8.count)
        }
    }
}
