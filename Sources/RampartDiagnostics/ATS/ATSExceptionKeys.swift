import RampartPolicy

/// The keys of one `NSExceptionDomains` entry that ATS diagnostics try: the smallest exception that
/// lets a host load, ready to paste.
///
/// ```swift
/// let keys = ATSExceptionKeys(minimumTLSVersion: .v1_0)
/// print(keys.propertyListFragment(host: "legacy.example.com"))
/// ```
public struct ATSExceptionKeys: Sendable, Hashable, Codable {
    /// `NSExceptionMinimumTLSVersion`, when set.
    public var minimumTLSVersion: TLSProtocolVersion?
    /// `NSExceptionRequiresForwardSecrecy = NO`, when set.
    public var disablesForwardSecrecy: Bool
    /// `NSExceptionAllowsInsecureHTTPLoads = YES`, when set.
    public var allowsInsecureHTTPLoads: Bool

    public init(
        minimumTLSVersion: TLSProtocolVersion? = nil, disablesForwardSecrecy: Bool = false,
        allowsInsecureHTTPLoads: Bool = false
    ) {
        self.minimumTLSVersion = minimumTLSVersion
        self.disablesForwardSecrecy = disablesForwardSecrecy
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
    }

    /// How many keys the entry sets.
    public var count: Int {
        (minimumTLSVersion == nil ? 0 : 1) + (disablesForwardSecrecy ? 1 : 0) + (allowsInsecureHTTPLoads ? 1 : 0)
    }

    /// The entry as ATS reads it.
    public var exceptionDomain: ATSExceptionDomain {
        ATSExceptionDomain(
            allowsInsecureHTTPLoads: allowsInsecureHTTPLoads, minimumTLSVersion: minimumTLSVersion,
            requiresForwardSecrecy: !disablesForwardSecrecy)
    }

    /// The keys the entry sets, in `Info.plist` spelling and a fixed order (minimum TLS version,
    /// forward secrecy, insecure HTTP), for `PropertyListWriter`.
    public var propertyList: PropertyListValue {
        var entries: [PropertyListEntry] = []
        if let minimumTLSVersion {
            entries.append(PropertyListEntry(ATSKey.minimumTLSVersion, .string(minimumTLSVersion.rawValue)))
        }
        if disablesForwardSecrecy { entries.append(PropertyListEntry(ATSKey.requiresForwardSecrecy, .bool(false))) }
        if allowsInsecureHTTPLoads { entries.append(PropertyListEntry(ATSKey.allowsInsecureHTTPLoads, .bool(true))) }
        return .dictionary(entries)
    }

    /// The `NSExceptionDomains` dictionary holding this entry for `host`.
    public func exceptionDomains(host: String) -> PropertyListValue {
        .dictionary([PropertyListEntry(ATSKey.exceptionDomains, .dictionary([PropertyListEntry(host, propertyList)]))])
    }

    /// A ready `NSExceptionDomains` fragment for `host`, to paste inside `NSAppTransportSecurity`
    /// (written by `PropertyListWriter/xmlFragment(_:indent:)`).
    public func propertyListFragment(host: String) -> String {
        PropertyListWriter.xmlFragment(exceptionDomains(host: host))
    }
}
