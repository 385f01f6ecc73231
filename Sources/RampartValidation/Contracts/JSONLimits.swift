// The structural limits a JSON document must keep before any of it is decoded.

/// Limits checked by a bounded pre-scan of the bytes, before `JSONDecoder` builds anything.
///
/// ```swift
/// var limits = JSONLimits.default
/// limits.maxDepth = 8
/// limits.maxBytes = 256 * 1024
/// try limits.check()  // a limit the parser cannot honour is refused here, not at the first document
/// let decoder = ContractDecoder(limits: limits)
/// ```
public struct JSONLimits: Sendable, Hashable, Codable {
    /// The most bytes in the document.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects (the top-level container is depth 1), at most
    /// ``deepestParsable``: a deeper document is ``ContractRule/tooDeep`` at that depth whatever
    /// this says, since Foundation's parser cannot read it.
    public var maxDepth: Int
    /// The most bytes in one string or key, as encoded (escapes count as written).
    public var maxStringBytes: Int
    /// The most elements in one array, or members in one object.
    public var maxElements: Int
    /// The most characters in one number (`1e999999` and 10,000-digit integers stop here).
    public var maxNumberCharacters: Int
    /// Whether one object may give a key twice (false by default: a ``ContractRule/duplicateKey``
    /// violation naming the key path, since parsers disagree on which value wins).
    public var allowsDuplicateKeys: Bool

    /// The deepest nesting Foundation's JSON parser reads (`JSONSerialization` and `JSONDecoder`
    /// refuse a 513th level as "too many nested arrays or dictionaries"; a test pins it).
    public static let deepestParsable = 512

    /// Limits as given.
    public init(
        maxBytes: Int, maxDepth: Int, maxStringBytes: Int, maxElements: Int, maxNumberCharacters: Int = 32,
        allowsDuplicateKeys: Bool = false
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxElements = maxElements
        self.maxNumberCharacters = maxNumberCharacters
        self.allowsDuplicateKeys = allowsDuplicateKeys
    }

    /// 4 MiB, depth 32, 64 KiB strings, 100,000 elements per container, 32-character numbers, no
    /// duplicate keys.
    public static let `default` = JSONLimits(
        maxBytes: 4 << 20, maxDepth: 32, maxStringBytes: 64 << 10, maxElements: 100_000)

    /// Throws when a limit cannot be honoured: one below 1, or a depth over ``deepestParsable``.
    ///
    /// ```swift
    /// var limits = JSONLimits.default
    /// limits.maxDepth = 1000
    /// try limits.check()  // JSONLimitsError: maxDepth 1000 is deeper than the 512 levels …
    /// ```
    public func check() throws(JSONLimitsError) {
        for (name, value) in [
            ("maxBytes", maxBytes), ("maxDepth", maxDepth), ("maxStringBytes", maxStringBytes),
            ("maxElements", maxElements), ("maxNumberCharacters", maxNumberCharacters),
        ] where value < 1 {
            throw JSONLimitsError(limit: name, value: value, detail: "\(name) must be 1 or more, not \(value)")
        }
        guard maxDepth <= Self.deepestParsable else {
            throw JSONLimitsError(
                limit: "maxDepth", value: maxDepth,
                detail:
                    "maxDepth \(maxDepth) is deeper than the \(Self.deepestParsable) levels Foundation's JSON parser reads: choose \(Self.deepestParsable) or less"
            )
        }
    }

    private enum CodingKeys: String, CodingKey {
        case maxBytes, maxDepth, maxStringBytes, maxElements, maxNumberCharacters, allowsDuplicateKeys
    }

    /// Reads limits; limits written before `allowsDuplicateKeys` existed refuse duplicates.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        maxBytes = try container.decode(Int.self, forKey: .maxBytes)
        maxDepth = try container.decode(Int.self, forKey: .maxDepth)
        maxStringBytes = try container.decode(Int.self, forKey: .maxStringBytes)
        maxElements = try container.decode(Int.self, forKey: .maxElements)
        maxNumberCharacters = try container.decode(Int.self, forKey: .maxNumberCharacters)
        allowsDuplicateKeys = try container.decodeIfPresent(Bool.self, forKey: .allowsDuplicateKeys) ?? false
    }
}
