import Foundation
import GRDB

/// The schema, and the header rows: the metadata (format version, scrypt parameters, device
/// check) and the wrapped keys.
extension VaultStore {
    /// Creates the schema and writes the metadata and wrapped keys, in one transaction.
    func initialize(metadata: VaultMetadata, wrappedKeys: [String: Data]) throws(VaultError) {
        try write { db in
            try db.execute(
                sql: """
                    CREATE TABLE vault_meta (
                        id INTEGER PRIMARY KEY CHECK (id = 1), format_version INTEGER NOT NULL,
                        kdf_salt BLOB NOT NULL, kdf_work_factor INTEGER NOT NULL, kdf_block_size INTEGER NOT NULL,
                        kdf_parallelism INTEGER NOT NULL, device_check BLOB NOT NULL);
                    CREATE TABLE vault_keys (name TEXT PRIMARY KEY, wrapped BLOB NOT NULL);
                    CREATE TABLE items (
                        id INTEGER PRIMARY KEY, class INTEGER NOT NULL, key_hash BLOB NOT NULL,
                        group_hash BLOB NOT NULL, protection INTEGER NOT NULL, app_salt BLOB,
                        attributes BLOB NOT NULL, value BLOB NOT NULL, UNIQUE (class, key_hash));
                    CREATE INDEX items_group ON items (class, group_hash);
                    """)
            try Self.writeMetadata(metadata, db)
            try Self.writeKeys(wrappedKeys, db)
        }
    }

    static func writeMetadata(_ metadata: VaultMetadata, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO vault_meta
                (id, format_version, kdf_salt, kdf_work_factor, kdf_block_size, kdf_parallelism, device_check)
                VALUES (1, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                metadata.formatVersion, metadata.scrypt.salt, metadata.scrypt.workFactor, metadata.scrypt.blockSize,
                metadata.scrypt.parallelism, metadata.deviceCheck,
            ])
    }

    static func writeKeys(_ wrappedKeys: [String: Data], _ db: Database) throws {
        for (name, wrapped) in wrappedKeys {
            try db.execute(
                sql: "INSERT OR REPLACE INTO vault_keys (name, wrapped) VALUES (?, ?)", arguments: [name, wrapped])
        }
    }

    /// The metadata and wrapped keys, checking the format version.
    func readHeader() throws(VaultError) -> (VaultMetadata, [String: Data]) {
        try read { db in try self.readHeader(db) }
    }

    /// The metadata and wrapped keys as `db` sees them, each value checked to have the type the
    /// vault writes (a wrong one is `damaged`, naming the table and column).
    func readHeader(_ db: Database) throws -> (VaultMetadata, [String: Data]) {
        guard try db.tableExists("vault_meta") else {
            throw VaultError.unsupportedFormat(
                "\(path) is an SQLite file but not a Rampart vault (no vault_meta table)")
        }
        let metaColumns = [
            "format_version", "kdf_salt", "kdf_work_factor", "kdf_block_size", "kdf_parallelism", "device_check",
        ]
        guard
            let meta = try Row.fetchOne(
                db, sql: "SELECT \(metaColumns.joined(separator: ", ")) FROM vault_meta WHERE id = 1")
        else {
            throw VaultError.unsupportedFormat("\(path) is an SQLite file but not a Rampart vault (no vault_meta row)")
        }
        let values = StoredValues(meta, table: "vault_meta", columns: metaColumns, path: path)
        let version = try values.integer(0)
        guard version == VaultMetadata.formatVersion else {
            throw VaultError.unsupportedFormat(
                "\(path) has vault format version \(version); this Rampart reads version \(VaultMetadata.formatVersion). Upgrade Rampart"
            )
        }
        for table in ["vault_keys", "items"] where try !db.tableExists(table) {
            throw VaultError.damaged("\(path) has no \(table) table; the file is damaged, restore a backup")
        }
        let scrypt = ScryptParameters(
            workFactor: try values.integer(2), blockSize: try values.integer(3), parallelism: try values.integer(4),
            salt: try values.blob(1))
        guard scrypt.memory != nil else {
            throw VaultError.damaged(
                VaultErrorContext(
                    "\(path): vault_meta holds scrypt parameters (log2 N = \(scrypt.workFactor), r = \(scrypt.blockSize), "
                        + "p = \(scrypt.parallelism)) outside log2 N 1…22, r 1…32, p 1…16 or 4 GiB of memory; "
                        + "the file is damaged or hostile, restore a backup", path: path, location: "vault_meta"))
        }
        let metadata = VaultMetadata(formatVersion: version, scrypt: scrypt, deviceCheck: try values.blob(5))
        var keys: [String: Data] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, wrapped FROM vault_keys") {
            let key = StoredValues(row, table: "vault_keys", columns: ["name", "wrapped"], path: path)
            keys[try key.text(0)] = try key.blob(1)
        }
        return (metadata, keys)
    }
}
