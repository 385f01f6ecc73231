import Crypto
import Foundation
import GRDB
import RampartIO
import RampartSeal

extension Vault {
    /// Writes every item except `ThisDeviceOnly` ones to an age file at `path` encrypted with
    /// `passphrase` (scrypt, `workFactor`), created 0600 and only when complete. Returns the number
    /// of items exported. Items with an application password stay sealed by it; if any item needs
    /// the user's presence, the `Authenticator` is asked once.
    ///
    /// An existing file at `path` is `cannotCreateFile` unless `replacing` is set; then it is
    /// replaced atomically (the new backup is flushed, then renamed over it). A directory is
    /// refused; other destinations follow `AtomicFileOutput`'s rules.
    ///
    /// ```swift
    /// let count = try vault.exportBackup(to: "/backup/vault.age", passphrase: backupPassphrase)
    /// ```
    ///
    /// `workFactor` is `VaultOptions.minimumWorkFactor`…`maximumWorkFactor` (15…22); a lower one is
    /// `invalidParameter`, checked before anything is read or written.
    @discardableResult
    public func exportBackup(to path: String, passphrase: String, workFactor: Int = 18, replacing: Bool = false)
        throws(VaultError) -> Int
    {
        let accepted = VaultOptions.minimumWorkFactor...VaultOptions.maximumWorkFactor
        guard accepted.contains(workFactor) else {
            throw .invalidParameter(
                VaultErrorContext(
                    "the backup's scrypt work factor \(workFactor) is outside \(accepted.lowerBound)…\(accepted.upperBound); "
                        + "choose one in that range (18, the default, takes 256 MiB; less makes the backup's "
                        + "passphrase cheap to guess)", path: path))
        }
        return try exportBackup(to: path, passphrase: passphrase, testingWorkFactor: workFactor, replacing: replacing)
    }

    /// `exportBackup(to:passphrase:workFactor:replacing:)` without its floor: any work factor age
    /// accepts (1…22), so tests run fast. Not public.
    @discardableResult
    package func exportBackup(
        to path: String, passphrase: String, testingWorkFactor workFactor: Int, replacing: Bool = false
    )
        throws(VaultError) -> Int
    {
        guard isUnlocked else { throw .locked("unlock \(self.path) before exporting it") }
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw .cannotCreateFile("\(path) is a directory; give the backup a file name")
            }
            if (info.st_mode & S_IFMT) == S_IFREG && !replacing {
                throw .fileExists(
                    VaultErrorContext(
                        "the backup \(path) already exists; choose another name, or allow replacing it", path: path))
            }
        }
        let (keyring, _) = try keyring()
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT \(StoredRow.columns) FROM items ORDER BY id").map {
                try StoredRow(row: $0, path: self.path)
            }
        }
        var items: [BackupFile.Item] = []
        var needsPresence = false
        for row in rows {
            let (protection, _) = try ItemSealer.protection(fromCode: row.protection)
            if protection.accessibility.isThisDeviceOnly { continue }
            guard let item = try describe(row, keyring: keyring) else { continue }
            needsPresence = needsPresence || protection.userPresence
            let value = try openOuterValue(
                row, identity: item.identity, key: try classKey(protection.accessibility, in: keyring))
            items.append(
                BackupFile.Item(
                    itemClass: item.identity.itemClass.rawValue, values: item.identity.values,
                    label: item.attributes.label, comment: item.attributes.comment,
                    created: item.created.timeIntervalSince1970, modified: item.modified.timeIntervalSince1970,
                    accessibility: protection.accessibility.description, userPresence: protection.userPresence,
                    value: value, applicationSalt: row.applicationSalt))
        }
        if needsPresence {
            guard let authenticator else {
                throw .interactionNotAllowed(
                    "some items need the user's presence; open the vault with an Authenticator")
            }
            guard authenticator.confirmPresence(reason: "export \(items.count) items from \(self.path)") else {
                throw .userPresenceDenied("the export of \(self.path) was not confirmed")
            }
        }
        let plaintext: Data
        do {
            plaintext = try JSONEncoder().encode(
                BackupFile(format: BackupFile.formatName, version: BackupFile.currentVersion, items: items))
        } catch {
            throw .io("cannot encode the backup")
        }
        do throws(SealError) {
            let sealed = try Age.encrypt(
                plaintext, to: [try ScryptRecipient(passphrase: passphrase, workFactor: workFactor)])
            let output = try SealError.mappingIO { () throws(IOError) in
                try AtomicFileOutput(path: path, replacing: replacing)
            }
            do throws(SealError) {
                try SealError.mappingIO { () throws(IOError) in
                    try output.write(sealed)
                    try output.commit()
                }
            } catch {
                output.discard()
                throw error
            }
        } catch {
            switch error {
            case .invalidParameter(let context): throw .invalidParameter(VaultErrorContext(context.detail, path: path))
            case .cannotCreateOutput(let context):
                throw .cannotCreateFile(VaultErrorContext("the backup: \(context.detail)", path: path))
            default: throw .io(VaultErrorContext("writing the backup \(path) failed: \(error)", path: path))
            }
        }
        return items.count
    }

    /// Reads a backup written by `exportBackup` and stores its items (upserts on the primary key),
    /// all in one transaction. Returns the number of items imported.
    ///
    /// ```swift
    /// let count = try vault.importBackup(from: "/backup/vault.age", passphrase: backupPassphrase)
    /// ```
    @discardableResult
    public func importBackup(from path: String, passphrase: String) throws(VaultError) -> Int {
        guard isUnlocked else { throw .locked("unlock \(self.path) before importing into it") }
        let (keyring, _) = try keyring()
        let sealed = try Self.readBackup(path)
        let plaintext: Data
        do throws(SealError) {
            plaintext = try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: passphrase)])
        } catch {
            switch error {
            case .wrongCredentials: throw .wrongPassphrase("the passphrase does not open the backup \(path)")
            case .authenticationFailed: throw .itemAuthenticationFailed("the backup \(path) was altered")
            default: throw .unsupportedFormat("\(path) is not a vault backup: \(error)")
            }
        }
        let prepared = try Self.prepareBackupItems(plaintext, path: path)
        var classKeys: [Accessibility: SymmetricKey] = [:]
        for accessibility in Set(prepared.map(\.1.accessibility)) {
            classKeys[accessibility] = try classKey(accessibility, in: keyring)
        }
        try store.write { db in
            for (identity, protection, attributes, item) in prepared {
                guard let key = classKeys[protection.accessibility] else { continue }
                try self.writeRow(
                    db, identity: identity, protection: protection, attributes: attributes, inner: item.value,
                    applicationSalt: item.applicationSalt, classKey: key, keyring: keyring, replacing: true,
                    keepCreated: false)
            }
        }
        return prepared.count
    }

    /// The largest backup `importBackup` reads into memory: 1 GiB.
    static let maximumBackupSize = 1 << 30

    /// The bytes of the backup file at `path`, naming the real reason when it cannot be read: not
    /// there (`fileNotFound`), not a regular file or too large (`unsupportedFormat`; a device such
    /// as `/dev/zero` would never end), or unreadable (`io`, with the system's reason).
    static func readBackup(_ path: String) throws(VaultError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .fileNotFound("the backup \(path) does not exist; check the name") }
            throw .io("the backup \(path) cannot be opened: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .io("the backup \(path) cannot be examined: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file (a device, a pipe)"
            throw .unsupportedFormat("\(path) is \(kind), not a backup file")
        }
        guard info.st_size <= maximumBackupSize else {
            throw .unsupportedFormat("\(path) is \(info.st_size) bytes, larger than a vault backup can be (1 GiB)")
        }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw .io("the backup \(path) cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            filled += count
        }
        data.removeSubrange(filled...)
        return data
    }

    /// Decodes and checks the plaintext of a backup (the JSON inside its age file) as
    /// `importBackup` does before it writes anything, and returns how many items it holds. No
    /// vault is involved: this is the parser layer the backup fuzz target exercises.
    ///
    /// ```swift
    /// let count = try Vault.checkBackupPlaintext(plaintext, path: "vault.age")
    /// ```
    package static func checkBackupPlaintext(_ plaintext: Data, path: String) throws(VaultError) -> Int {
        try prepareBackupItems(plaintext, path: path).count
    }

    /// The items of a backup's plaintext, each checked, ready to be written.
    private static func prepareBackupItems(_ plaintext: Data, path: String) throws(VaultError)
        -> [(ItemIdentity, ItemProtection, StoredAttributes, BackupFile.Item)]
    {
        guard let backup = try? JSONDecoder().decode(BackupFile.self, from: plaintext),
            backup.format == BackupFile.formatName
        else { throw .unsupportedFormat("\(path) decrypts, but is not a Rampart vault backup") }
        guard backup.version == BackupFile.currentVersion else {
            throw .unsupportedFormat("\(path) is backup version \(backup.version); this Rampart reads version 1")
        }
        var prepared: [(ItemIdentity, ItemProtection, StoredAttributes, BackupFile.Item)] = []
        for item in backup.items {
            guard let itemClass = ItemClass(rawValue: item.itemClass), item.values.count == itemClass.primaryKey.count,
                let accessibility = Accessibility(name: item.accessibility), !accessibility.isThisDeviceOnly
            else { throw .unsupportedFormat("\(path) holds an item this Rampart cannot import") }
            let identity = ItemIdentity(itemClass: itemClass, values: item.values)
            try identity.validate()
            if let salt = item.applicationSalt { _ = try ScryptParameters(encoded: salt) }
            let attributes = StoredAttributes(
                values: item.values, label: item.label, comment: item.comment, created: item.created,
                modified: item.modified)
            prepared.append(
                (
                    identity, ItemProtection(accessibility: accessibility, userPresence: item.userPresence), attributes,
                    item
                ))
        }
        return prepared
    }
}
