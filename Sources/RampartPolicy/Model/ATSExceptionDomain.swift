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
    /// `NSExceptionAllowsInsecureHTTPLoads`.
    public var allowsInsecureHTTPLoads: Bool
    /// `NSExceptionMinimumTLSVersion`; `nil` means the default, TLS 1.2.
    public var minimumTLSVersion: TLSProtocolVersion?
    /// `NSExceptionRequiresForwardSecrecy`; defaults to `true`.
    public var requiresForwardSecrecy: Bool
    /// `NSRequiresCertificateTransparency`; defaults to `false`.
    public var requiresCertificateTransparency: Bool
    /// The legacy key names this entry used (`NSTemporaryException…`, `NSThirdPartyException…`,
    /// `NSTemporaryThirdPartyException…`), which iOS 10 and later ignore.
    public var legacyKeys: [String]
    /// What those legacy keys say, for iOS 9 (``ATSOSGeneration/ios9``); `nil` when none carried a
    /// value that iOS 9 would use.
    public var legacyValues: ATSLegacyExceptionValues?

    public init(
        includesSubdomains: Bool = false, allowsInsecureHTTPLoads: Bool = false,
        minimumTLSVersion: TLSProtocolVersion? = nil, requiresForwardSecrecy: Bool = true,
        requiresCertificateTransparency: Bool = false, legacyKeys: [String] = [],
        legacyValues: ATSLegacyExceptionValues? = nil
    ) {
        self.includesSubdomains = includesSubdomains
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
        self.requiresCertificateTransparency = requiresCertificateTransparency
        self.legacyKeys = legacyKeys
        self.legacyValues = legacyValues
    }

    /// The entry as iOS 9 reads it: each legacy value in place of the default it stands for.
    var readingLegacyValues: ATSExceptionDomain {
        guard let legacy = legacyValues else { return self }
        var entry = self
        if let value = legacy.allowsInsecureHTTPLoads { entry.allowsInsecureHTTPLoads = value }
        if let value = legacy.minimumTLSVersion { entry.minimumTLSVersion = value }
        if let value = legacy.requiresForwardSecrecy { entry.requiresForwardSecrecy = value }
        return entry
    }
}
