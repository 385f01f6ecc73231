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

    static let columns = "class, key_hash, group_hash, protection, app_salt, attributes, value"
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

    init(row: Row) {
        itemClass = row[0]
        keyHash = row[1]
        groupHash = row[2]
        protection = row[3]
        applicationSalt = row[4]
        attributes = row[5]
        value = row[6]
    }

    var arguments: StatementArguments {
        [itemClass, keyHash, groupHash, protection, applicationSalt, attributes, value]
    }
}
