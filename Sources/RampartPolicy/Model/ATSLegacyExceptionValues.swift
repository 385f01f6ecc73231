/// What an exception entry's legacy keys (`NSTemporaryException…`, `NSThirdPartyException…`,
/// `NSTemporaryThirdPartyException…`) say, kept apart from the `NSException…` values because only
/// iOS 9 reads them (``ATSOSGeneration/ios9``); later systems ignore them. A value is recorded
/// only when the entry does not also set the `NSException…` key of the same meaning.
///
/// ```swift
/// let entry = document.configuration.exceptionDomains["old.example.net"]
/// entry?.legacyValues?.allowsInsecureHTTPLoads   // true: NSTemporaryExceptionAllowsInsecureHTTPLoads
/// entry?.allowsInsecureHTTPLoads                 // false: what iOS 10 and later use
/// ```
public struct ATSLegacyExceptionValues: Sendable, Hashable, Codable {
    /// `…ExceptionAllowsInsecureHTTPLoads`.
    public var allowsInsecureHTTPLoads: Bool?
    /// `…ExceptionMinimumTLSVersion`.
    public var minimumTLSVersion: TLSProtocolVersion?
    /// `…ExceptionRequiresForwardSecrecy`.
    public var requiresForwardSecrecy: Bool?

    public init(
        allowsInsecureHTTPLoads: Bool? = nil, minimumTLSVersion: TLSProtocolVersion? = nil,
        requiresForwardSecrecy: Bool? = nil
    ) {
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
    }
}
