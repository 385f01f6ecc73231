/// How an item is protected: its accessibility class and whether each read needs the user's
/// presence. Protection is not identity: setting an item with another protection re-protects the
/// same item in place.
///
/// ```swift
/// let strict = ItemProtection(accessibility: .whenUnlockedThisDeviceOnly, userPresence: true)
/// ```
public struct ItemProtection: Sendable, Hashable {
    /// When the item can be read.
    public var accessibility: Accessibility
    /// Whether the vault's `Authenticator` must confirm the user's presence before each read.
    public var userPresence: Bool

    public init(accessibility: Accessibility = .whenUnlocked, userPresence: Bool = false) {
        self.accessibility = accessibility
        self.userPresence = userPresence
    }
}
