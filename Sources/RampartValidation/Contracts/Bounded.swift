// A property wrapper that declares a field's limits where the field is declared.

/// Declares the range a field's value, length or count must fall in; ``ContractDecoder`` enforces it
/// while decoding and names the key path when it fails.
///
/// The limits live in the declaration, which only ``ContractDecoder`` reads (its pre-scan checks each
/// field's raw value against them); a plain `JSONDecoder` decodes a contract type without checking
/// them, so decode contract types with ``ContractDecoder``.
///
/// ```swift
/// struct Profile: JSONContract {
///     @Bounded(1...24) var name = ""                      // 1 to 24 grapheme clusters
///     @Bounded(0...150) var age = 0
///     @Bounded(1...320, unit: .utf8Bytes) var email = ""
/// }
/// ```
@propertyWrapper
public struct Bounded<Value: BoundedValue> {
    /// The value.
    public var wrappedValue: Value
    /// The declared range (nil in a value that was decoded: the declaration holds the range).
    public let range: ClosedRange<Value.Measure>?
    /// How string lengths are counted.
    public let unit: TextUnit

    /// A field with a default value, limited to `range`.
    public init(
        wrappedValue: Value, _ range: ClosedRange<Value.Measure>, unit: TextUnit = .graphemeClusters
    ) {
        self.wrappedValue = wrappedValue
        self.range = range
        self.unit = unit
    }

    /// A field limited to `range`, starting at an empty string, zero or an empty array.
    public init(_ range: ClosedRange<Value.Measure>, unit: TextUnit = .graphemeClusters) {
        self.init(wrappedValue: Value.contractPlaceholder, range, unit: unit)
    }

    /// Whether `value` falls in the declared range.
    public func admits(_ value: Value) -> Bool {
        guard let range else { return true }
        return range.contains(value.contractMeasure(in: unit))
    }
}

extension Bounded: Sendable where Value: Sendable {}

extension Bounded: Decodable {
    /// Decodes the value. Its range was checked by ``ContractDecoder``'s pre-scan, which reads the
    /// declaration; outside a ContractDecoder the field refuses to decode (``ContractRule/noContract``).
    public init(from decoder: any Decoder) throws {
        guard decoder.userInfo[ContractSchema.userInfoKey] != nil else {
            let path = decoder.codingPath
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "a Bounded field decoded without ContractDecoder",
                    underlyingError: ContractViolation(
                        rule: .noContract, keyPath: ContractViolation.keyPath(path),
                        detail: "a Bounded field can only be decoded by ContractDecoder, which checks its limits")))
        }
        self.wrappedValue = try decoder.singleValueContainer().decode(Value.self)
        self.range = nil
        self.unit = .graphemeClusters
    }
}

extension Bounded: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Bounded: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Bounded: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

/// What the schema needs from a Bounded field without knowing its Value.
protocol BoundedField {
    var contractCheck: ContractCheck? { get }
    static var contractValueType: Any.Type { get }
}

extension Bounded: BoundedField {
    static var contractValueType: Any.Type { Value.self }

    /// The pre-scan's check of this field's declared range, made where `Value` is known.
    var contractCheck: ContractCheck? {
        guard let range else { return nil }
        let unit = self.unit
        if Value.self == String.self, let lengths = range as? ClosedRange<Int> {
            return ContractCheck(kind: .string) { raw in
                guard let length = ContractCheck.length(raw, in: unit), !lengths.contains(length) else { return nil }
                return (.lengthOutOfRange, "\(length) \(Self.unitWords(unit)), outside \(lengths)")
            }
        }
        if Value.measuresLength, let counts = range as? ClosedRange<Int> {
            return ContractCheck(kind: .array) { raw in
                let count = raw.count  // the pre-scan passes a buffer whose count is the element count
                guard !counts.contains(count) else { return nil }
                return (.lengthOutOfRange, "\(count) elements, outside \(counts)")
            }
        }
        if let integers = range as? ClosedRange<Int> {
            return ContractCheck(kind: .number) { raw in
                let measure: Int
                if let value = ContractCheck.integer(raw) {
                    measure = value
                } else if let double = Double(String(decoding: raw, as: UTF8.self)), let value = Int(exactly: double) {
                    measure = value  // 1e2, 100.0
                } else {
                    return nil  // not an Int: the integer check and JSONDecoder refuse it
                }
                guard !integers.contains(measure) else { return nil }
                return (.outOfRange, "\(measure), outside \(integers)")
            }
        }
        return ContractCheck(kind: .number) { raw in
            guard let value = Value.contractValue(ofNumberLiteral: String(decoding: raw, as: UTF8.self)) else {
                return nil
            }
            let measure = value.contractMeasure(in: unit)
            guard !range.contains(measure) else { return nil }
            return (.outOfRange, "\(measure), outside \(range)")
        }
    }

    private static func unitWords(_ unit: TextUnit) -> String {
        switch unit {
        case .graphemeClusters: "grapheme clusters"
        case .unicodeScalars: "Unicode scalars"
        case .utf8Bytes: "UTF-8 bytes"
        case .utf16CodeUnits: "UTF-16 code units"
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a ``Bounded`` field by its value's own fast path (the synthesised `init(from:)` of a
    /// contract type calls this overload; inlinable, so it is specialised in the contract's module).
    @inlinable
    public func decode<Value>(_ type: Bounded<Value>.Type, forKey key: Key) throws -> Bounded<Value> {
        // The concrete calls take JSONDecoder's fast paths; the generic one builds a nested decoder.
        if Value.self == String.self, let value = try decode(String.self, forKey: key) as? Value {
            return Bounded(decoded: value)
        }
        if Value.self == Int.self, let value = try decode(Int.self, forKey: key) as? Value {
            return Bounded(decoded: value)
        }
        return Bounded(decoded: try decode(Value.self, forKey: key))
    }
}

extension Bounded {
    @usableFromInline
    init(decoded value: Value) {
        self.wrappedValue = value
        self.range = nil
        self.unit = .graphemeClusters
    }
}
