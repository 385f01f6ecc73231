// The answer of one e-mail address check: valid, or the rule that failed and where.

/// The outcome of ``EmailAddressValidator/check(_:)``.
///
/// ```swift
/// let check = EmailAddressValidator().check("jane@localhost")
/// if let rule = check.failedRule {
///     print("refused at byte \(check.offset ?? 0): \(rule.message)")  // a domain of one label…
/// }
/// ```
public struct EmailAddressCheck: Sendable, Hashable {
    /// The rule that failed, or `nil` when the address is valid.
    public let failedRule: EmailRule?
    /// The UTF-8 byte offset in the address where the failed rule was found.
    public let offset: Int?
    /// Whether the address holds UTF-8 beyond ASCII (it needs an SMTPUTF8 server, RFC 6531).
    public let isInternationalized: Bool

    /// Whether the address passed every rule.
    public var isValid: Bool { failedRule == nil }

    init(failedRule: EmailRule?, offset: Int?, isInternationalized: Bool) {
        self.failedRule = failedRule
        self.offset = offset
        self.isInternationalized = isInternationalized
    }
}
