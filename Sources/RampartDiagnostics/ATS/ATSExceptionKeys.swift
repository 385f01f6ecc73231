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
        if let minimumTLSVersion {
            entries.append(("NSExceptionMinimumTLSVersion", .string(minimumTLSVersion.rawValue)))
        }
        if disablesForwardSecrecy { entries.append(("NSExceptionRequiresForwardSecrecy", .bool(false))) }
        if allowsInsecureHTTPLoads { entries.append(("NSExceptionAllowsInsecureHTTPLoads", .bool(true))) }
        return entries
    }

    /// A ready `NSExceptionDomains` fragment for `host`, to paste inside `NSAppTransportSecurity`.
    public func propertyListFragment(host: String) -> String {
        var lines = ["<key>NSExceptionDomains</key>", "<dict>", "    <key>\(Self.escaped(host))</key>", "    <dict>"]
        for (key, value) in entries {
            lines.append("        <key>\(key)</key>")
            switch value {
            case .bool(let flag): lines.append(flag ? "        <true/>" : "        <false/>")
            case .string(let text): lines.append("        <string>\(Self.escaped(text))</string>")
            }
        }
        lines += ["    </dict>", "</dict>"]
        return lines.joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
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
