// What an e-mail address check accepts: the sign-up form default, or RFC 5321's whole Mailbox syntax.

/// The rules an ``EmailAddressValidator`` applies.
///
/// ``signUp`` (the default) accepts what a sign-up form should: a dot-atom local part, a domain
/// that is a host name of two or more labels (IDN in Unicode or punycode form), a top-level domain
/// of letters (or an `xn--` label), no special-use names such as `localhost` or `.test`, and the
/// RFC 5321 length limits (64 octets before the `@`, 254 in all, 63 per label, 253 for the domain).
/// ``rfc`` accepts any RFC 5321 `Mailbox`: quoted local parts, single-label domains, numeric
/// top-level domains and address literals (`[192.0.2.1]`, `[IPv6:2001:db8::1]`).
/// Both accept RFC 6531 internationalised addresses unless ``allowsInternationalized`` is off.
///
/// ```swift
/// let strict = EmailAddressPolicy.signUp
/// var asciiOnly = EmailAddressPolicy.rfc
/// asciiOnly.allowsInternationalized = false
/// EmailAddressValidator(policy: asciiOnly).check("\"john doe\"@[192.0.2.1]").isValid  // true
/// ```
public struct EmailAddressPolicy: Sendable, Hashable {
    /// The grammar an address is read with.
    public enum Syntax: String, Sendable, Hashable, CaseIterable {
        /// Dot-atom local part, host-name domain of two or more labels, letter top-level domain.
        case signUp
        /// RFC 5321 `Mailbox`: adds quoted local parts, address literals, any host-name domain.
        case rfc
    }

    /// The grammar.
    public var syntax: Syntax
    /// Whether UTF-8 beyond ASCII (RFC 6531) is accepted in the local part and the domain.
    public var allowsInternationalized: Bool

    /// A policy with the given grammar; internationalised addresses are accepted unless refused.
    public init(syntax: Syntax, allowsInternationalized: Bool = true) {
        self.syntax = syntax
        self.allowsInternationalized = allowsInternationalized
    }

    /// What a sign-up form should accept (the default).
    public static let signUp = EmailAddressPolicy(syntax: .signUp)
    /// Any RFC 5321 `Mailbox` (with RFC 6531's UTF-8).
    public static let rfc = EmailAddressPolicy(syntax: .rfc)
}
