/// The keychain item classes the vault stores; each has its own primary key.
///
/// ```swift
/// let query = VaultQuery(itemClass: .genericPassword, fields: [.service: "api.example.com"])
/// ```
public enum ItemClass: Int, Sendable, Hashable, CaseIterable, Codable {
    /// A password found by service, account and access group.
    case genericPassword = 1
    /// A password found by server, protocol, port, path and account.
    case internetPassword = 2
    /// A private key (P-256, P-384, Curve25519, RSA…) found by application tag and label.
    case key = 3

    /// The fields of this class's primary key, in their canonical order.
    public var primaryKey: [ItemField] {
        switch self {
        case .genericPassword: return [.service, .account, .accessGroup]
        case .internetPassword: return [.server, .protocol, .port, .path, .account]
        case .key: return [.applicationTag, .label]
        }
    }
}
