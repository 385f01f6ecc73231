import Foundation
import GRDB

/// The SQLite file, through a GRDB `DatabasePool` in WAL mode. Every change is one `IMMEDIATE`
/// transaction with `synchronous = FULL`, so a commit is durable and a crash leaves either the old
/// or the new state; other processes wait up to the busy timeout.
final class VaultStore: Sendable {
    let path: String
    let pool: DatabasePool

    /// Opens the file at `path`, creating it 0600 when `create` is set (and failing if it exists).
    init(path: String, create: Bool, busyTimeout: Double) throws(VaultError) {
        self.path = path
        if create {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
                do {
                    try FileManager.default.createDirectory(
                        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw .io("cannot create the folder \(folder); check its parent's permissions")
                }
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                if errno == EEXIST { throw .vaultExists("\(path) exists; open it, or choose another --path") }
                throw .io("cannot create \(path) (errno \(errno)); check the folder's permissions")
            }
            close(descriptor)
        } else if !FileManager.default.fileExists(atPath: path) {
            throw .vaultNotFound("\(path) does not exist; create it with `rampart vault init` or Vault.create(at:)")
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA mmap_size = 268435456")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw .unsupportedFormat("\(path) cannot be opened as an SQLite database: \(Self.reason(error))")
        }
    }

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

    /// The metadata and wrapped keys as `db` sees them.
    func readHeader(_ db: Database) throws -> (VaultMetadata, [String: Data]) {
        var found: (Row?, [Row]) = (nil, [])
        if try db.tableExists("vault_meta") {
            found = (
                try Row.fetchOne(db, sql: "SELECT * FROM vault_meta WHERE id = 1"),
                try Row.fetchAll(db, sql: "SELECT name, wrapped FROM vault_keys")
            )
        }
        guard let meta = found.0 else {
            throw VaultError.unsupportedFormat("\(path) is an SQLite file but not a Rampart vault (no vault_meta row)")
        }
        let version: Int = meta["format_version"]
        guard version == VaultMetadata.formatVersion else {
            throw VaultError.unsupportedFormat(
                "\(path) has vault format version \(version); this Rampart reads version \(VaultMetadata.formatVersion). Upgrade Rampart"
            )
        }
        let scrypt = ScryptParameters(
            workFactor: meta["kdf_work_factor"], blockSize: meta["kdf_block_size"],
            parallelism: meta["kdf_parallelism"], salt: meta["kdf_salt"])
        let metadata = VaultMetadata(formatVersion: version, scrypt: scrypt, deviceCheck: meta["device_check"])
        var keys: [String: Data] = [:]
        for row in found.1 { keys[row["name"]] = row["wrapped"] }
        return (metadata, keys)
    }

    func read<T>(_ work: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try pool.read(work)
        } catch let error as VaultError {
            throw error
        } catch {
            throw .io("reading \(path) failed: \(Self.reason(error))")
        }
    }

    /// Runs `work`, a single SELECT statement (atomic on its own in SQLite), without wrapping it in
    /// a transaction: the fast path for point lookups.
    func readStatement<T>(_ work: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try pool.unsafeRead(work)
        } catch let error as VaultError {
            throw error
        } catch {
            throw .io("reading \(path) failed: \(Self.reason(error))")
        }
    }

    /// Runs `work` in one IMMEDIATE transaction; a thrown error rolls everything back.
    func write<T>(_ work: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try work(db)
                    return .commit
                }
                guard let result else { throw VaultError.io("a transaction on \(path) ended without a result") }
                return result
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .io("writing \(path) failed: \(Self.reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let database = error as? DatabaseError { return database.message ?? "SQLite error \(database.resultCode)" }
        return "\(error)"
    }
}
