/// A property-list value with its dictionary keys in a fixed order: what RampartPolicy writes as
/// an XML plist, a paste-ready fragment, JSON or nscurl's `NSDictionary` description
/// (``PropertyListWriter``). Only the types an ATS or TrustKit dictionary holds: booleans,
/// strings, arrays and dictionaries.
///
/// ```swift
/// let value = PropertyListValue.dictionary([
///     PropertyListEntry(ATSKey.allowsArbitraryLoads, .bool(false)),
/// ])
/// print(PropertyListWriter.xmlFragment(value))
/// ```
public indirect enum PropertyListValue: Sendable, Hashable {
    case bool(Bool)
    case string(String)
    case array([PropertyListValue])
    /// A dictionary, written in the order of its entries.
    case dictionary([PropertyListEntry])
}

/// One key and value of a ``PropertyListValue/dictionary(_:)``.
///
/// ```swift
/// let entry = PropertyListEntry(ATSKey.includesSubdomains, .bool(true))
/// ```
public struct PropertyListEntry: Sendable, Hashable {
    public var key: String
    public var value: PropertyListValue

    public init(_ key: String, _ value: PropertyListValue) {
        self.key = key
        self.value = value
    }
}
