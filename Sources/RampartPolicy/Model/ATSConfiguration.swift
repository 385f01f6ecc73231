/// The contents of an `NSAppTransportSecurity` dictionary, as values.
///
/// Build one in code, or decode one with ``ATSDocument/decode(_:source:)`` from an `Info.plist` (XML or
/// binary), a bare ATS dictionary, or JSON. Optional booleans keep the difference between a key
/// that is absent and one set to `NO`, which ATS cares about.
///
/// ```swift
/// var configuration = ATSConfiguration()
/// configuration.exceptionDomains["legacy.example.com"] = ATSExceptionDomain(allowsInsecureHTTPLoads: true)
/// let policy = ATSPolicy(configuration)
/// ```
public struct ATSConfiguration: Sendable, Hashable, Codable {
    /// `NSAllowsArbitraryLoads`.
    public var allowsArbitraryLoads: Bool?
    /// `NSAllowsArbitraryLoadsForMedia`.
    public var allowsArbitraryLoadsForMedia: Bool?
    /// `NSAllowsArbitraryLoadsInWebContent`.
    public var allowsArbitraryLoadsInWebContent: Bool?
    /// `NSAllowsLocalNetworking`.
    public var allowsLocalNetworking: Bool?
    /// `NSExceptionDomains`, keyed as written in the plist.
    public var exceptionDomains: [String: ATSExceptionDomain]
    /// `NSPinnedDomains`, keyed as written in the plist.
    public var pinnedDomains: [String: ATSPinnedDomain]

    public init(
        allowsArbitraryLoads: Bool? = nil, allowsArbitraryLoadsForMedia: Bool? = nil,
        allowsArbitraryLoadsInWebContent: Bool? = nil, allowsLocalNetworking: Bool? = nil,
        exceptionDomains: [String: ATSExceptionDomain] = [:], pinnedDomains: [String: ATSPinnedDomain] = [:]
    ) {
        self.allowsArbitraryLoads = allowsArbitraryLoads
        self.allowsArbitraryLoadsForMedia = allowsArbitraryLoadsForMedia
        self.allowsArbitraryLoadsInWebContent = allowsArbitraryLoadsInWebContent
        self.allowsLocalNetworking = allowsLocalNetworking
        self.exceptionDomains = exceptionDomains
        self.pinnedDomains = pinnedDomains
    }

    /// Whether any key introduced in iOS 10 is present, whatever its value: then iOS 10 and later
    /// ignore `NSAllowsArbitraryLoads`.
    public var hasIOS10Keys: Bool {
        allowsArbitraryLoadsForMedia != nil || allowsArbitraryLoadsInWebContent != nil || allowsLocalNetworking != nil
    }
}
