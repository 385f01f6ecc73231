/// One part of an item's primary key; queries may name any of them.
///
/// ```swift
/// let mine = VaultQuery(itemClass: .internetPassword, fields: [.server: "git.example.com", .account: "me"])
/// ```
public enum ItemField: String, Sendable, Hashable, CaseIterable, Codable {
    case service, account, accessGroup, server, `protocol`, port, path, applicationTag, label
}
