/// JSON (or any `Encoder`): booleans as booleans, arrays as arrays, dictionaries as objects, keys
/// encoded in entry order (an encoder may reorder them: ``PropertyListWriter/json(_:prettyPrinted:)``
/// sorts them).
///
/// ```swift
/// let json = try JSONEncoder().encode(configuration.propertyList)
/// ```
extension PropertyListValue: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .dictionary(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries { try container.encode(entry.value, forKey: Key(stringValue: entry.key)) }
        }
    }
}
