import Foundation
import GRDB

/// The SQLite file, through a GRDB `DatabasePool` in WAL mode. Every change is one `IMMEDIATE`
/// transaction with `synchronous = FULL`, so a commit is durable and a crash leaves either the old
/// or the new state; other processes wait up to the busy timeout.
final class VaultStore: Sendable {
    let path: String
    let pool: DatabasePool

    /// Opens the file at `path`, creating it 0600 when `create` is set (and failing if it exists).
    /// An existing file is checked before SQLite sees it (see `checkExisting`).
    init(path: String, create: Bool, busyTimeout: Double) throws(VaultError) {
        self.path = path
        if create {
            try Self.createFile(path)
        } else {
            try Self.checkExisting(path, busyTimeout: busyTimeout)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA mmap_size = 268435456")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            if let database = error as? DatabaseError,
                [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(database.resultCode)
            {
                throw .unsupportedFormat("\(path) cannot be opened as an SQLite database: \(Self.reason(error))")
            }
            throw .io("\(path) cannot be opened: \(Self.reason(error))")
        }
    }

    /// Creates the vault's file (0600, never replacing anything) and its folders (0700).
    private static func createFile(_ path: String) throws(VaultError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolders(folder) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                var info = stat()
                if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    throw .vaultExists(
                        VaultErrorContext("\(path) is a directory; give the vault a file name", path: path))
                }
                throw .vaultExists(
                    VaultErrorContext("\(path) exists; open it, or create the vault at another path", path: path))
            }
            throw .io("cannot create \(path): \(describe(code))")
        }
        close(descriptor)
    }

    /// `mkdir -p` with mode 0700, naming the real reason when a part cannot be made.
    private static func makeFolders(_ folder: String) throws(VaultError) {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(prefix, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { continue }
                throw .io("cannot create the folder \(folder): \(prefix) exists and is not a folder")
            }
            throw .io("cannot create the folder \(prefix): \(describe(code))")
        }
    }

    /// Checks, before the vault's own connections open `path`, that it is a vault this process
    /// can read and write, with its `-wal` and `-shm` files: SQLite in WAL mode would turn an empty
    /// file or any SQLite file into a vault-to-be (rewriting it), and opening a read-only file
    /// leaves behind a `-shm` file with its mode that keeps the vault failing after the mode is
    /// fixed. The file is never opened here with `open(2)`: closing such a descriptor would drop
    /// the POSIX locks SQLite holds on it for other connections of this process. Its contents are
    /// probed through a read-only SQLite connection instead, which changes nothing.
    static func checkExisting(_ path: String, busyTimeout: Double) throws(VaultError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .vaultNotFound(
                    VaultErrorContext(
                        "\(path) does not exist; create a vault there first (Vault.create(at:))", path: path))
            }
            throw .io("\(path) cannot be examined: \(describe(code))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unsupportedFormat("\(path) is \(kind(info.st_mode)), not a vault file; give the vault's file")
        }
        guard faccessat(AT_FDCWD, path, R_OK | W_OK, AT_EACCESS) == 0 else {
            throw .io(
                VaultErrorContext(
                    "\(path) cannot be opened for reading and writing (\(describe(errno))); the vault needs both "
                        + "(for itself and its -wal and -shm files): fix its permissions (chmod 600) or use a copy",
                    path: path))
        }
        guard info.st_size > 0 else {
            throw .unsupportedFormat("\(path) is an empty file, not a vault; it was left as it is")
        }
        var missingCompanion = false
        for companion in [path + "-wal", path + "-shm"] {
            var companionInfo = stat()
            guard lstat(companion, &companionInfo) == 0 else {
                missingCompanion = true
                continue
            }
            guard faccessat(AT_FDCWD, companion, R_OK | W_OK, AT_EACCESS) == 0 else {
                throw .io(
                    VaultErrorContext(
                        "\(companion) cannot be opened for reading and writing (\(describe(errno))); fix its "
                            + "permissions (chmod 600), or remove it while no process uses the vault", path: companion))
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        if missingCompanion, faccessat(AT_FDCWD, folder.isEmpty ? "." : folder, W_OK | X_OK, AT_EACCESS) != 0 {
            throw .io(
                VaultErrorContext(
                    "the folder of \(path) is not writable (\(describe(errno))); the vault creates its -wal and -shm "
                        + "files there: fix the folder's permissions or use a copy of the vault elsewhere", path: path))
        }
        try probe(path, busyTimeout: busyTimeout)
    }

    /// Opens `path` read-only and checks it is an SQLite database with a `vault_meta` table.
    private static func probe(_ path: String, busyTimeout: Double) throws(VaultError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let isVault: Bool
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            isVault = try queue.read { db in try db.tableExists("vault_meta") }
            try queue.close()
        } catch {
            if let database = error as? DatabaseError, [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(database.resultCode) {
                throw .unsupportedFormat(
                    "\(path) is not an SQLite database (\(reason(error))), so not a vault; it was left as it is")
            }
            throw .io("\(path) cannot be opened: \(reason(error))")
        }
        guard isVault else {
            throw .unsupportedFormat(
                "\(path) is an SQLite file but not a Rampart vault (no vault_meta table); it was left as it is")
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

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

    func read<T>(_ work: (Database) throws -> T) throws(VaultError) -> T {
        do {
            return try pool.read(work)
        } catch let error as VaultError {
            throw error
        } catch {
            throw failure(error, "reading")
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
            throw failure(error, "reading")
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
            throw failure(error, "writing")
        }
    }

    /// A failed statement as the caller sees it: damage when SQLite says the file is corrupt or
    /// the vault's own SQL does not fit the file's schema (a table or column removed), I/O otherwise.
    private func failure(_ error: any Error, _ doing: String) -> VaultError {
        if let database = error as? DatabaseError,
            [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_ERROR, .SQLITE_MISMATCH].contains(database.resultCode)
        {
            return .damaged("\(doing) \(path) failed: \(Self.reason(error)); the file is damaged, restore a backup")
        }
        return .io("\(doing) \(path) failed: \(Self.reason(error))")
    }

    private static func reason(_ error: any Error) -> String {
        if let database = error as? DatabaseError { return database.message ?? "SQLite error \(database.resultCode)" }
        return "\(error)"
    }
}
