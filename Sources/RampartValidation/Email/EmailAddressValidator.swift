// E-mail address checks on UTF-8 bytes: one pass over ASCII, a Unicode look only where there is
// UTF-8 beyond ASCII. Not a regular expression: each rule is a step with its own name.

import Foundation

/// Checks e-mail addresses against an ``EmailAddressPolicy`` and names the rule that failed.
///
/// The check is syntax only (no DNS): it answers whether the address could be delivered to by a
/// standards-following mail system and, under the default policy, whether a sign-up form should
/// take it. ASCII addresses are checked byte by byte without allocating (millions per second).
///
/// ```swift
/// let validator = EmailAddressValidator()               // the sign-up policy
/// validator.check("jane.doe+news@example.com").isValid  // true
/// validator.check("jane@[192.0.2.1]").failedRule        // .addressLiteralNotAllowed
/// EmailAddressValidator(policy: .rfc).check("jane@[192.0.2.1]").isValid  // true
/// validator.check("用户@例子.广告").isValid              // true (RFC 6531)
/// ```
public struct EmailAddressValidator: Sendable {
    /// The policy applied.
    public let policy: EmailAddressPolicy

    /// A validator for `policy` (``EmailAddressPolicy/signUp`` by default).
    public init(policy: EmailAddressPolicy = .signUp) {
        self.policy = policy
    }

    /// Checks one address (no surrounding spaces, no display name, no angle brackets).
    public func check(_ address: String) -> EmailAddressCheck {
        var copy = address
        return copy.withUTF8 { check(utf8: $0) }
    }

    /// Checks one address given as UTF-8 bytes; bytes that are not UTF-8 fail as ``EmailRule/unsafeCharacter``.
    public func check(utf8 bytes: UnsafeBufferPointer<UInt8>) -> EmailAddressCheck {
        var scanner = EmailScanner(bytes: bytes, policy: policy)
        let failure = scanner.run()
        return EmailAddressCheck(
            failedRule: failure?.rule, offset: failure?.offset, isInternationalized: scanner.sawNonASCII)
    }
}
