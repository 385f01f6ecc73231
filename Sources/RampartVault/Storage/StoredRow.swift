import Foundation
import GRDB

/// One row of the `items` table, as stored: nothing in it names a service or account.
struct StoredRow: Sendable {
    var itemClass: Int
    var keyHash: Data
    var groupHash: Data
    var protection: Int
    var applicationSalt: Data?
    var attributes: Data
    var value: Data

    static let columnNames = ["class", "key_hash", "group_hash", "protection", "app_salt", "attributes", "value"]
    static let columns = columnNames.joined(separator: ", ")
    /// The columns a value read needs; the attributes come back empty.
    static let valueColumns = "class, key_hash, group_hash, protection, app_salt, X'', value"

    init(
        itemClass: Int, keyHash: Data, groupHash: Data, protection: Int, applicationSalt: Data?, attributes: Data,
        value: Data
    ) {
        self.itemClass = itemClass
        self.keyHash = keyHash
        self.groupHash = groupHash
        self.protection = protection
        self.applicationSalt = applicationSalt
        self.attributes = attributes
        self.value = value
    }

    /// The row's columns in `columns` order, each checked to hold the type the vault writes.
    init(row: Row, path: String) throws(VaultError) {
        let values = StoredValues(row, table: "items", columns: Self.columnNames, path: path)
        itemClass = try values.integer(0)
        keyHash = try values.blob(1)
        groupHash = try values.blob(2)
        protection = try values.integer(3)
        applicationSalt = try values.optionalBlob(4)
        attributes = try values.blob(5)
        value = try values.blob(6)
    }

    var arguments: StatementArguments {
        [itemClass, keyHash, groupHash, protection, applicationSalt, attributes, value]
    }
}
