import Foundation

/// An item's primary key: its class and the values of that class's key fields. Two items with the
/// same identity are the same item; protection (accessibility, application password, user
/// presence) is not part of the identity.
///
/// ```swift
/// let token = ItemIdentity.genericPassword(service: "api.example.com", account: "ci")
/// let login = ItemIdentity.internetPassword(server: "git.example.com", account: "me")
/// let signing = ItemIdentity.key(applicationTag: "com.example.signing")
/// ```
public struct ItemIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The item's class.
    public let itemClass: ItemClass
    /// The primary-key values, in `itemClass.primaryKey` order.
    public let values: [String]

    /// An identity from a class and its key fields; fields not given are empty.
    public init(itemClass: ItemClass, fields: [ItemField: String]) throws(VaultError) {
        for field in fields.keys where !itemClass.primaryKey.contains(field) {
            throw .invalidParameter("\(field.rawValue) is not part of a \(itemClass) item's primary key")
        }
        self.init(itemClass: itemClass, values: itemClass.primaryKey.map { fields[$0] ?? "" })
    }

    init(itemClass: ItemClass, values: [String]) {
        self.itemClass = itemClass
        self.values = values
    }

    /// A generic password.
    public static func genericPassword(service: String, account: String, accessGroup: String = "") -> ItemIdentity {
        ItemIdentity(itemClass: .genericPassword, values: [service, account, accessGroup])
    }

    /// An internet password; `port` 0 means the protocol's default.
    public static func internetPassword(
        server: String, protocol: String = "https", port: Int = 0, path: String = "", account: String
    ) -> ItemIdentity {
        ItemIdentity(itemClass: .internetPassword, values: [server, `protocol`, String(port), path, account])
    }

    /// A key.
    public static func key(applicationTag: String, label: String = "") -> ItemIdentity {
        ItemIdentity(itemClass: .key, values: [applicationTag, label])
    }

    /// The value of one primary-key field, `nil` when the field is not part of this class's key.
    public subscript(field: ItemField) -> String? {
        itemClass.primaryKey.firstIndex(of: field).map { values[$0] }
    }

    /// The first primary-key field (service, server or application tag), which queries may use
    /// through an index.
    var group: String { values.first ?? "" }

    /// An unambiguous byte encoding: the class, then each field as a 32-bit length and its UTF-8.
    var canonicalBytes: Data {
        var bytes = Data([UInt8(itemClass.rawValue)])
        for value in values {
            let utf8 = Data(value.utf8)
            withUnsafeBytes(of: UInt32(utf8.count).bigEndian) { bytes.append(contentsOf: $0) }
            bytes.append(utf8)
        }
        return bytes
    }

    /// Checks the identity can be stored: the first field is not empty and no value is absurdly long.
    func validate() throws(VaultError) {
        guard !group.isEmpty else {
            throw .invalidParameter(
                "a \(itemClass) item needs a non-empty \(itemClass.primaryKey[0].rawValue); give one")
        }
        for (field, value) in zip(itemClass.primaryKey, values) where value.utf8.count > 4096 {
            throw .invalidParameter("the \(field.rawValue) is longer than 4096 bytes; shorten it")
        }
    }

    public var description: String {
        zip(itemClass.primaryKey, values).filter { !$0.1.isEmpty }.map { "\($0.0.rawValue) \"\($0.1)\"" }
            .joined(separator: ", ")
    }
}
