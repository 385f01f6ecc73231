/// One entry of `NSPinnedDomains`.
///
/// ```swift
/// let pinned = ATSPinnedDomain(includesSubdomains: true, caIdentities: [caPin], leafIdentities: [])
/// ```
public struct ATSPinnedDomain: Sendable, Hashable, Codable {
    /// `NSIncludesSubdomains`: the entry also covers names exactly one label below it.
    public var includesSubdomains: Bool
    /// `NSPinnedCAIdentities`: pins of which at least one must match a CA certificate of the chain.
    public var caIdentities: [ATSPin]
    /// `NSPinnedLeafIdentities`: pins of which at least one must match the leaf.
    public var leafIdentities: [ATSPin]

    public init(includesSubdomains: Bool = false, caIdentities: [ATSPin] = [], leafIdentities: [ATSPin] = []) {
        self.includesSubdomains = includesSubdomains
        self.caIdentities = caIdentities
        self.leafIdentities = leafIdentities
    }
}
