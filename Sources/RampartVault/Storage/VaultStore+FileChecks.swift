import Foundation
import GRDB

/// The vault's file before SQLite opens it: created 0600 in 0700 folders, or checked to be a
/// regular SQLite file that can be read and locked.
extension VaultStore {
    /// Creates the vault's file (0600, never replacing anything) and its folders (0700).
    static func createFile(_ path: String) throws(VaultError) {
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
}
