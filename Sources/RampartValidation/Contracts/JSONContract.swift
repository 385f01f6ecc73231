// A Decodable type whose declaration is the contract: its keys, its Bounded fields, its policy for
// keys it does not declare.

/// A `Decodable` type that ``ContractDecoder`` checks against its own declaration.
///
/// The decoder reads the declaration once per type from a prototype made with `init()`: the JSON
/// key of every stored property (the property's name, or ``contractKeyNames``), the limits of its
/// ``Bounded`` fields, and the nested contracts of its properties (arrays and optionals included).
/// So every stored property needs a default value.
///
/// ```swift
/// struct Item: JSONContract {
///     @Bounded(1...24) var name = ""
///     @Bounded(0...1_000_000) var price = 0
///     @Bounded(0...10) var tags: [String] = []
/// }
/// struct Page: JSONContract {
///     static let unknownKeys = UnknownKeyPolicy.reject
///     var items: [Item] = []
///     var next: String? = nil
/// }
/// let page = try ContractDecoder().decode(Page.self, from: body)
/// ```
public protocol JSONContract: Decodable {
    /// The prototype the contract is read from (every stored property at its default).
    init()
    /// Whether keys the type does not declare are refused (default) or ignored.
    static var unknownKeys: UnknownKeyPolicy { get }
    /// JSON keys of properties whose `CodingKeys` rename them: property name → JSON key.
    static var contractKeyNames: [String: String] { get }
}

extension JSONContract {
    public static var unknownKeys: UnknownKeyPolicy { .reject }
    public static var contractKeyNames: [String: String] { [:] }
}
