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

    static func reason(_ error: any Error) -> String {
        if let database = error as? DatabaseError { return database.message ?? "SQLite error \(database.resultCode)" }
        return "\(error)"
    }
}
