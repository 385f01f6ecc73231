import Foundation

/// An item as a query returns it: its identity, attributes, protection and, when asked for, its
/// value.
///
/// ```swift
/// for item in try vault.items(matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "db"])) {
///     print(item.identity, item.attributes.label, item.modified)
/// }
/// ```
public struct VaultItem: Sendable, Hashable {
    public var identity: ItemIdentity
    public var attributes: ItemAttributes
    public var protection: ItemProtection
    /// Whether reading the value needs an application password.
    public var hasApplicationPassword: Bool
    public var created: Date
    public var modified: Date
    /// The secret value; `nil` unless the query asked for data.
    public var value: Data?
}
