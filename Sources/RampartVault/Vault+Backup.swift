import Crypto
import Foundation
import GRDB
import RampartSeal

extension Vault {
    /// Writes every item except `ThisDeviceOnly` ones to an age file at `path` encrypted with
    /// `passphrase` (scrypt, `workFactor`), created 0600 and only when complete. Returns the number
    /// of items exported. Items with an application password stay sealed by it; if any item needs
    /// the user's presence, the `Authenticator` is asked once.
    ///
    /// ```swift
    /// let count = try vault.exportBackup(to: "/backup/vault.age", passphrase: backupPassphrase)
    /// ```
    @discardableResult
    public func exportBackup(to path: String, passphrase: String, workFactor: Int = 18) throws(VaultError) -> Int {
        guard isUnlocked else { throw .locked("unlock \(self.path) before exporting it") }
        let (keyring, _) = try keyring()
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT \(StoredRow.columns) FROM items ORDER BY id").map(StoredRow.init(row:))
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
            let output = try AtomicFileOutput(path: path, replacing: false)
            do throws(SealError) {
                try output.write(sealed)
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
        } catch {
            switch error {
            case .invalidParameter(let detail): throw .invalidParameter(detail)
            case .cannotCreateOutput(let detail): throw .io("cannot create the backup: \(detail)")
            default: throw .io("writing the backup \(path) failed: \(error)")
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
        guard let sealed = FileManager.default.contents(atPath: path) else {
            throw .io("cannot read the backup \(path); check that it exists and is readable")
        }
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
}
