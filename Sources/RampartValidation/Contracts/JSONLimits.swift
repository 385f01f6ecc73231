// The structural limits a JSON document must keep before any of it is decoded.

/// Limits checked by a bounded pre-scan of the bytes, before `JSONDecoder` builds anything.
///
/// ```swift
/// var limits = JSONLimits.default
/// limits.maxDepth = 8
/// limits.maxBytes = 256 * 1024
/// let decoder = ContractDecoder(limits: limits)
/// ```
public struct JSONLimits: Sendable, Hashable, Codable {
    /// The most bytes in the document.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects (the top-level container is depth 1).
    public var maxDepth: Int
    /// The most bytes in one string or key, as encoded (escapes count as written).
    public var maxStringBytes: Int
    /// The most elements in one array, or members in one object.
    public var maxElements: Int
    /// The most characters in one number (`1e999999` and 10,000-digit integers stop here).
    public var maxNumberCharacters: Int

    /// Limits as given.
    public init(maxBytes: Int, maxDepth: Int, maxStringBytes: Int, maxElements: Int, maxNumberCharacters: Int = 32) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxElements = maxElements
        self.maxNumberCharacters = maxNumberCharacters
    }

    /// 4 MiB, depth 32, 64 KiB strings, 100,000 elements per container, 32-character numbers.
    public static let `default` = JSONLimits(
        maxBytes: 4 << 20, maxDepth: 32, maxStringBytes: 64 << 10, maxElements: 100_000)
}
