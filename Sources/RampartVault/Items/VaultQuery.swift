/// Which items to find: a class, any parts of its primary key, a match limit, and whether to
/// return values (data) as well as attributes.
///
/// A query that matches nothing throws `VaultError.itemNotFound`, as `SecItemCopyMatching` does.
///
/// ```swift
/// let accounts = try vault.items(matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "db"]))
/// let one = try vault.items(
///     matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "db"], limit: .one, returnData: true))
/// ```
public struct VaultQuery: Sendable {
    public var itemClass: ItemClass
    /// Primary-key fields that must match exactly; absent fields match anything.
    public var fields: [ItemField: String]
    public var limit: MatchLimit
    /// Whether to decrypt and return each item's value.
    public var returnData: Bool
    /// The application password for items that have one, when `returnData` is set.
    public var applicationPassword: String?

    public init(
        itemClass: ItemClass, fields: [ItemField: String] = [:], limit: MatchLimit = .all, returnData: Bool = false,
        applicationPassword: String? = nil
    ) {
        self.itemClass = itemClass
        self.fields = fields
        self.limit = limit
        self.returnData = returnData
        self.applicationPassword = applicationPassword
    }

    func validate() throws(VaultError) {
        for field in fields.keys where !itemClass.primaryKey.contains(field) {
            throw .invalidParameter("\(field.rawValue) is not part of a \(itemClass) item's primary key")
        }
        if case .upTo(let limit) = limit, limit < 1 {
            throw .invalidParameter("the match limit \(limit) is below 1; use .one, .all or .upTo(n) with n ≥ 1")
        }
    }

    func matches(_ identity: ItemIdentity) -> Bool {
        identity.itemClass == itemClass && fields.allSatisfy { identity[$0.key] == $0.value }
    }

    /// The full identity when every primary-key field is given.
    var exactIdentity: ItemIdentity? {
        guard itemClass.primaryKey.allSatisfy({ fields[$0] != nil }) else { return nil }
        return ItemIdentity(itemClass: itemClass, values: itemClass.primaryKey.map { fields[$0] ?? "" })
    }
}
