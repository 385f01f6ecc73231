/// The descriptive attributes a caller sets on an item. They are encrypted like the value.
///
/// ```swift
/// try vault.set(token, for: identity, attributes: ItemAttributes(label: "CI token", comment: "rotated monthly"))
/// ```
public struct ItemAttributes: Sendable, Hashable {
    public var label: String
    public var comment: String

    public init(label: String = "", comment: String = "") {
        self.label = label
        self.comment = comment
    }
}
