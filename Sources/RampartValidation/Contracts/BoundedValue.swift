// The values a Bounded field can limit: strings by length, numbers by value, arrays by count.

/// A value whose size or magnitude a ``Bounded`` field limits.
///
/// ```swift
/// @Bounded(1...24) var name = ""                          // grapheme clusters
/// @Bounded(1...64, unit: .utf8Bytes) var handle = ""     // bytes
/// @Bounded(0...150) var age = 0                           // the value
/// @Bounded(0...10) var tags: [String] = []                // elements
/// ```
public protocol BoundedValue: Decodable, SendableMetatype {
    /// What is compared with the declared range.
    associatedtype Measure: Comparable & Sendable
    /// The value used when a field is declared without one.
    static var contractPlaceholder: Self { get }
    /// This value's measure (`unit` matters for strings only).
    func contractMeasure(in unit: TextUnit) -> Measure
    /// Whether the measure is a length (strings, arrays) rather than the value itself.
    static var measuresLength: Bool { get }
    /// The value of a JSON number literal, for numeric types (nil for the others, and for literals
    /// the type cannot hold exactly).
    static func contractValue(ofNumberLiteral literal: String) -> Self?
}

extension BoundedValue {
    public static func contractValue(ofNumberLiteral literal: String) -> Self? { nil }
}

extension BoundedValue where Self: LosslessStringConvertible {
    public static func contractValue(ofNumberLiteral literal: String) -> Self? { Self(literal) }
}

extension BoundedValue where Measure == Self {
    public func contractMeasure(in unit: TextUnit) -> Self { self }
    public static var measuresLength: Bool { false }
}

extension String: BoundedValue {
    public static var contractPlaceholder: String { "" }
    public func contractMeasure(in unit: TextUnit) -> Int { unit.length(of: self) }
    public static var measuresLength: Bool { true }
}

extension Array: BoundedValue where Element: Decodable {
    public static var contractPlaceholder: [Element] { [] }
    public func contractMeasure(in unit: TextUnit) -> Int { count }
    public static var measuresLength: Bool { true }
}

extension Int: BoundedValue { public static var contractPlaceholder: Int { 0 } }
extension Int8: BoundedValue { public static var contractPlaceholder: Int8 { 0 } }
extension Int16: BoundedValue { public static var contractPlaceholder: Int16 { 0 } }
extension Int32: BoundedValue { public static var contractPlaceholder: Int32 { 0 } }
extension Int64: BoundedValue { public static var contractPlaceholder: Int64 { 0 } }
extension UInt: BoundedValue { public static var contractPlaceholder: UInt { 0 } }
extension UInt8: BoundedValue { public static var contractPlaceholder: UInt8 { 0 } }
extension UInt16: BoundedValue { public static var contractPlaceholder: UInt16 { 0 } }
extension UInt32: BoundedValue { public static var contractPlaceholder: UInt32 { 0 } }
extension UInt64: BoundedValue { public static var contractPlaceholder: UInt64 { 0 } }
extension Double: BoundedValue { public static var contractPlaceholder: Double { 0 } }
extension Float: BoundedValue { public static var contractPlaceholder: Float { 0 } }
