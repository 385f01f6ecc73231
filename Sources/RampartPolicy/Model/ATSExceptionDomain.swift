/// One entry of `NSExceptionDomains`: the rules for a domain, IP address or CIDR range, which
/// replace the global keys entirely for the hosts it covers.
///
/// ```swift
/// var legacy = ATSExceptionDomain()
/// legacy.allowsInsecureHTTPLoads = true
/// legacy.includesSubdomains = true
/// ```
public struct ATSExceptionDomain: Sendable, Hashable, Codable {
    /// `NSIncludesSubdomains`.
    public var includesSubdomains: Bool
    /// `NSExceptionAllowsInsecureHTTPLoads` (or a legacy `NSTemporary…`/`NSThirdParty…` form).
    public var allowsInsecureHTTPLoads: Bool
    /// `NSExceptionMinimumTLSVersion`; `nil` means the default, TLS 1.2.
    public var minimumTLSVersion: TLSProtocolVersion?
    /// `NSExceptionRequiresForwardSecrecy`; defaults to `true`.
    public var requiresForwardSecrecy: Bool
    /// `NSRequiresCertificateTransparency`; defaults to `false`.
    public var requiresCertificateTransparency: Bool
    /// The legacy key names this entry used (`NSTemporaryException…`, `NSThirdPartyException…`).
    public var legacyKeys: [String]

    public init(
        includesSubdomains: Bool = false, allowsInsecureHTTPLoads: Bool = false,
        minimumTLSVersion: TLSProtocolVersion? = nil, requiresForwardSecrecy: Bool = true,
        requiresCertificateTransparency: Bool = false, legacyKeys: [String] = []
    ) {
        self.includesSubdomains = includesSubdomains
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
        self.requiresCertificateTransparency = requiresCertificateTransparency
        self.legacyKeys = legacyKeys
    }
}
