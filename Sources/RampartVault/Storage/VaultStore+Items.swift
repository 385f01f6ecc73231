import Foundation
import GRDB

/// The SQL of the `items` table: rows found by their class and keyed hash, by the hash of their
/// group (service or server), or by class alone, and one upsert. Rows hold only hashes and
/// ciphertexts; what they mean is ``ItemSealer``'s business.
extension VaultStore {
    /// The row of one item, inside the caller's transaction.
    func itemRow(_ db: Database, itemClass: Int, keyHash: Data) throws -> StoredRow? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(StoredRow.columns) FROM items WHERE class = ? AND key_hash = ?"),
            arguments: [itemClass, keyHash]
        ).map { try StoredRow(row: $0, path: path) }
    }

    /// Inserts `row`, or replaces the row with its class and key hash, inside the caller's transaction.
    func upsertItemRow(_ db: Database, _ row: StoredRow) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO items (\(StoredRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (class, key_hash) DO UPDATE SET group_hash = excluded.group_hash,
                protection = excluded.protection, app_salt = excluded.app_salt,
                attributes = excluded.attributes, value = excluded.value
                """
        ).execute(arguments: row.arguments)
    }

    /// The rows of one class: the one with `keyHash`, those with `groupHash`, or all of them, in
    /// the order they were first stored.
    func itemRows(itemClass: Int, keyHash: Data? = nil, groupHash: Data? = nil) throws(VaultError) -> [StoredRow] {
        try read { db in
            if let keyHash {
                return try Row.fetchAll(
                    db, sql: "SELECT \(StoredRow.columns) FROM items WHERE class = ? AND key_hash = ?",
                    arguments: [itemClass, keyHash]
                ).map { try StoredRow(row: $0, path: path) }
            }
            if let groupHash {
                return try Row.fetchAll(
                    db, sql: "SELECT \(StoredRow.columns) FROM items WHERE class = ? AND group_hash = ? ORDER BY id",
                    arguments: [itemClass, groupHash]
                ).map { try StoredRow(row: $0, path: path) }
            }
            return try Row.fetchAll(
                db, sql: "SELECT \(StoredRow.columns) FROM items WHERE class = ? ORDER BY id", arguments: [itemClass]
            ).map { try StoredRow(row: $0, path: path) }
        }
    }
}
