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

    /// The keys and values in `Info.plist` spelling, in a fixed order.
    public var entries: [(key: String, value: ATSKeyValue)] {
        var entries: [(String, ATSKeyValue)] = []
        if let minimumTLSVersion { entries.append((ATSKey.minimumTLSVersion, .string(minimumTLSVersion.rawValue))) }
        if disablesForwardSecrecy { entries.append((ATSKey.requiresForwardSecrecy, .bool(false))) }
        if allowsInsecureHTTPLoads { entries.append((ATSKey.allowsInsecureHTTPLoads, .bool(true))) }
        return entries
    }

    /// The entry as a dictionary for ``PropertyListWriter``: ``entries`` in their order.
    public var propertyList: PropertyListValue {
        .dictionary(
            entries.map { entry in
                switch entry.value {
                case .bool(let flag): return PropertyListEntry(entry.key, .bool(flag))
                case .string(let text): return PropertyListEntry(entry.key, .string(text))
                }
            })
    }

    /// The `NSExceptionDomains` dictionary holding this entry for `host`.
    public func exceptionDomains(host: String) -> PropertyListValue {
        .dictionary([PropertyListEntry(ATSKey.exceptionDomains, .dictionary([PropertyListEntry(host, propertyList)]))])
    }

    /// A ready `NSExceptionDomains` fragment for `host`, to paste inside `NSAppTransportSecurity`
    /// (written by ``PropertyListWriter/xmlFragment(_:indent:)``).
    public func propertyListFragment(host: String) -> String {
        PropertyListWriter.xmlFragment(exceptionDomains(host: host))
    }
}

/// A value of an ATS key as diagnostics print it: a boolean or a string.
public enum ATSKeyValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case bool(Bool)
    case string(String)

    public var description: String {
        switch self {
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return "\"\(text)\""
        }
    }
}
