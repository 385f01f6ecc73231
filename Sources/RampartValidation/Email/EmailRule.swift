// The rule an e-mail address broke: one case per check, with the words a person can act on.

/// The rule an address failed, as named by ``EmailAddressCheck/failedRule``.
///
/// ```swift
/// let check = EmailAddressValidator().check("john..doe@example.com")
/// check.failedRule          // .consecutiveDots
/// check.failedRule?.message // "two dots in a row"
/// ```
public enum EmailRule: String, Sendable, Hashable, CaseIterable, Codable {
    /// The address is empty.
    case empty
    /// There is no `@` between the local part and the domain.
    case missingAtSign
    /// Nothing before the `@`.
    case emptyLocalPart
    /// More than 64 octets before the `@` (RFC 5321 4.5.3.1.1).
    case localPartTooLong
    /// More than 254 octets in all (RFC 5321 4.5.3.1.3: a 256-octet path less its angle brackets).
    case addressTooLong
    /// A dot at the start or end of the local part or of the domain.
    case leadingOrTrailingDot
    /// Two dots in a row.
    case consecutiveDots
    /// A character the local part may not hold unquoted (space, `@`, `"`, `(`, `,`, `\`, …).
    case localPartCharacter
    /// A quoted local part (`"john doe"@…`), which only the `rfc` policy accepts.
    case quotedLocalPartNotAllowed
    /// A quoted local part that is not closed, or holds a character a quoted string may not.
    case quotedLocalPart
    /// Characters after the closing quote of a quoted local part.
    case textAfterQuotedLocalPart
    /// A control character, invisible format character, unassigned or private-use code point, or a
    /// combining mark with nothing to combine with.
    case unsafeCharacter
    /// UTF-8 beyond ASCII where the policy accepts ASCII only.
    case internationalizedNotAllowed
    /// Nothing after the `@`.
    case emptyDomain
    /// More than 253 octets after the `@`.
    case domainTooLong
    /// A domain label longer than 63 octets.
    case labelTooLong
    /// A domain label that starts or ends with a hyphen, or has `--` at positions 3–4 without `xn--`.
    case labelHyphen
    /// A character a host name may not hold.
    case domainCharacter
    /// A domain of one label (`user@localhost`): not a host on the Internet.
    case domainNeedsDot
    /// A top-level domain that is not two or more letters (or an `xn--` label).
    case topLevelDomain
    /// A special-use or reserved name (`.localhost`, `.test`, `.invalid`, `.local`, `.onion`, `.arpa`, `.internal`).
    case reservedDomain
    /// An address literal (`[192.0.2.1]`), which only the `rfc` policy accepts.
    case addressLiteralNotAllowed
    /// An address literal that is not `[IPv4]` or `[IPv6:…]` with a valid address.
    case addressLiteral

    /// What is wrong, in a few words.
    public var message: String {
        switch self {
        case .empty: "the address is empty"
        case .missingAtSign: "no @ between the local part and the domain"
        case .emptyLocalPart: "nothing before the @"
        case .localPartTooLong: "more than 64 octets before the @"
        case .addressTooLong: "more than 254 octets in all"
        case .leadingOrTrailingDot: "a dot at the start or end of a part"
        case .consecutiveDots: "two dots in a row"
        case .localPartCharacter: "a character the part before the @ may not hold unquoted"
        case .quotedLocalPartNotAllowed: "a quoted part before the @ (accepted by the rfc policy only)"
        case .quotedLocalPart: "a quoted part before the @ that is not closed or holds a forbidden character"
        case .textAfterQuotedLocalPart: "characters after the closing quote"
        case .unsafeCharacter: "a control, invisible, unassigned or private-use character"
        case .internationalizedNotAllowed: "characters beyond ASCII, which this policy refuses"
        case .emptyDomain: "nothing after the @"
        case .domainTooLong: "more than 253 octets after the @"
        case .labelTooLong: "a domain label longer than 63 octets"
        case .labelHyphen: "a domain label starting or ending with a hyphen, or with -- at positions 3-4"
        case .domainCharacter: "a character a host name may not hold"
        case .domainNeedsDot: "a domain of one label, which is no host on the Internet"
        case .topLevelDomain: "a top-level domain that is not two or more letters"
        case .reservedDomain: "a special-use domain that never receives mail"
        case .addressLiteralNotAllowed: "an address literal (accepted by the rfc policy only)"
        case .addressLiteral: "an address literal that is not [IPv4] or [IPv6:...]"
        }
    }
}
