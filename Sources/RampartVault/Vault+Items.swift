import Crypto
import Foundation
import GRDB

extension Vault {
    /// Stores `value` under `identity`: an upsert on the primary key alone. If the item exists, its
    /// value, attributes and protection are replaced in place (its creation date is kept), so
    /// changing the accessibility re-protects the same item rather than adding another.
    ///
    /// ```swift
    /// try vault.set(Data("s3cret".utf8), for: .genericPassword(service: "db", account: "app"),
    ///               protection: ItemProtection(accessibility: .afterFirstUnlock))
    /// ```
    ///
    /// - Parameters:
    ///   - value: the secret.
    ///   - identity: the item's class and primary key (for a generic password: service and account).
    ///   - protection: when the item can be read (accessibility) and whether it needs the user.
    ///   - attributes: the item's label, comment and other attributes that are not secret.
    ///   - applicationPassword: when given, reading the value needs it too.
    public func set(
        _ value: Data, for identity: ItemIdentity, protection: ItemProtection = ItemProtection(),
        attributes: ItemAttributes = ItemAttributes(), applicationPassword: String? = nil
    ) throws(VaultError) {
        try store(value, identity, protection, attributes, applicationPassword, replacing: true)
    }

    /// Stores many values at once (each an upsert, as `set`), in one transaction: all of them or
    /// none.
    ///
    /// ```swift
    /// try vault.set([.genericPassword(service: "db", account: "a"): Data("1".utf8),
    ///                .genericPassword(service: "db", account: "b"): Data("2".utf8)])
    /// ```
    public func set(
        _ values: [ItemIdentity: Data], protection: ItemProtection = ItemProtection(),
        attributes: ItemAttributes = ItemAttributes()
    ) throws(VaultError) {
        let (keyring, _) = try keyring()
        let classKey = try classKey(protection.accessibility, in: keyring)
        let now = Date().timeIntervalSince1970
        for identity in values.keys { try identity.validate(newName: true) }
        try store.write { db in
            for (identity, value) in values {
                let stored = StoredAttributes(
                    values: identity.values, label: attributes.label, comment: attributes.comment, created: now,
                    modified: now)
                try self.writeRow(
                    db, identity: identity, protection: protection, attributes: stored, inner: value,
                    applicationSalt: nil, classKey: classKey, keyring: keyring, replacing: true, keepCreated: true)
            }
        }
    }

    /// Adds an item; throws `duplicateItem` (-25299) when one with this primary key exists.
    ///
    /// ```swift
    /// try vault.add(Data("first".utf8), for: .genericPassword(service: "db", account: "app"))
    /// ```
    public func add(
        _ value: Data, for identity: ItemIdentity, protection: ItemProtection = ItemProtection(),
        attributes: ItemAttributes = ItemAttributes(), applicationPassword: String? = nil
    ) throws(VaultError) {
        try store(value, identity, protection, attributes, applicationPassword, replacing: false)
    }

    /// The value of the item `identity`. Asks the `Authenticator` first when the item needs the
    /// user's presence.
    ///
    /// ```swift
    /// let token = try vault.value(for: .genericPassword(service: "api.example.com", account: "ci"))
    /// ```
    public func value(for identity: ItemIdentity, applicationPassword: String? = nil) throws(VaultError) -> Data {
        let (keyring, _) = try keyring()
        let keyHash = ItemSealer.keyHash(identity, lookup: keyring.lookup)
        let itemClass = identity.itemClass.rawValue
        let row = try store.readStatement { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(StoredRow.valueColumns) FROM items WHERE class = ? AND key_hash = ?"),
                arguments: [itemClass, keyHash]
            ).map { try StoredRow(row: $0, path: self.path) }
        }
        guard let row else { throw .itemNotFound("\(identity) is not in \(path); store it with set") }
        return try openValue(row, identity: identity, keyring: keyring, applicationPassword: applicationPassword)
    }

    /// The items `query` matches, with their attributes and, when `returnData` is set, their values.
    /// Throws `itemNotFound` (-25300) when nothing matches. Partial queries decrypt the attributes
    /// of every candidate row (the rows of the class, or of the service/server/tag when given), so
    /// they throw `locked` when a candidate's class key is unavailable.
    ///
    /// ```swift
    /// let accounts = try vault.items(matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "db"]))
    /// ```
    public func items(matching query: VaultQuery) throws(VaultError) -> [VaultItem] {
        try query.validate()
        let (keyring, _) = try keyring()
        let rows = try candidateRows(query, keyring: keyring)
        var found: [VaultItem] = []
        for row in rows {
            if let limit = query.limit.count, found.count >= limit { break }
            guard var item = try describe(row, keyring: keyring), query.matches(item.identity) else { continue }
            if query.returnData {
                item.value = try openValue(
                    row, identity: item.identity, keyring: keyring, applicationPassword: query.applicationPassword)
            }
            found.append(item)
        }
        guard !found.isEmpty else { throw .itemNotFound("no \(query.itemClass) item in \(path) matches the query") }
        return found
    }

    /// Deletes the item `identity`; throws `itemNotFound` when there is none.
    ///
    /// ```swift
    /// try vault.delete(.genericPassword(service: "db", account: "app"))
    /// ```
    public func delete(_ identity: ItemIdentity) throws(VaultError) {
        let (keyring, _) = try keyring()
        let keyHash = ItemSealer.keyHash(identity, lookup: keyring.lookup)
        let itemClass = identity.itemClass.rawValue
        let deleted = try store.write { db in
            try db.execute(sql: "DELETE FROM items WHERE class = ? AND key_hash = ?", arguments: [itemClass, keyHash])
            return db.changesCount
        }
        guard deleted > 0 else { throw .itemNotFound("\(identity) is not in \(path); nothing to delete") }
    }

    /// Deletes every item `query` matches, in one transaction, and returns how many.
    ///
    /// ```swift
    /// let removed = try vault.deleteItems(matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "old"]))
    /// ```
    public func deleteItems(matching query: VaultQuery) throws(VaultError) -> Int {
        let (keyring, _) = try keyring()
        let hashes = try items(matching: query).map { ItemSealer.keyHash($0.identity, lookup: keyring.lookup) }
        let itemClass = query.itemClass.rawValue
        return try store.write { db in
            for hash in hashes {
                try db.execute(sql: "DELETE FROM items WHERE class = ? AND key_hash = ?", arguments: [itemClass, hash])
            }
            return hashes.count
        }
    }

    // MARK: - Rows

    private func store(
        _ value: Data, _ identity: ItemIdentity, _ protection: ItemProtection, _ attributes: ItemAttributes,
        _ applicationPassword: String?, replacing: Bool
    ) throws(VaultError) {
        try identity.validate(newName: true)
        let (keyring, scrypt) = try keyring()
        let classKey = try classKey(protection.accessibility, in: keyring)
        var inner = value
        var applicationSalt: Data?
        if let applicationPassword {
            guard !applicationPassword.isEmpty else {
                throw .invalidParameter("the application password for \(identity) is empty; give one or none")
            }
            let parameters = try ScryptParameters.fresh(workFactor: max(scrypt.workFactor, options.workFactorFloor))
            inner = try ItemSealer.seal(
                value, key: try parameters.deriveKey(applicationPassword),
                associatedData: ItemSealer.applicationAssociatedData(identity))
            applicationSalt = parameters.encoded
        }
        let now = Date().timeIntervalSince1970
        let stored = StoredAttributes(
            values: identity.values, label: attributes.label, comment: attributes.comment, created: now, modified: now)
        try store.write { db in
            try self.writeRow(
                db, identity: identity, protection: protection, attributes: stored, inner: inner,
                applicationSalt: applicationSalt, classKey: classKey, keyring: keyring, replacing: replacing,
                keepCreated: true)
        }
    }

    /// Writes one item inside the caller's transaction. `inner` is the value, or its
    /// application-password layer when `applicationSalt` is set.
    func writeRow(
        _ db: Database, identity: ItemIdentity, protection: ItemProtection, attributes: StoredAttributes, inner: Data,
        applicationSalt: Data?, classKey: SymmetricKey, keyring: Keyring, replacing: Bool, keepCreated: Bool
    ) throws {
        let keyHash = ItemSealer.keyHash(identity, lookup: keyring.lookup)
        var attributes = attributes
        if let existing = try store.itemRow(db, itemClass: identity.itemClass.rawValue, keyHash: keyHash) {
            guard replacing else {
                throw VaultError.duplicateItem(
                    VaultErrorContext(
                        "\(identity) is already in \(path); use set to replace it", path: path, item: identity))
            }
            if keepCreated, let old = try describe(existing, keyring: keyring, tolerateDamage: true) {
                attributes.created = old.created.timeIntervalSince1970
            }
        }
        let row = try ItemSealer.sealRow(
            identity: identity, protection: protection, attributes: attributes, inner: inner,
            applicationSalt: applicationSalt, classKey: classKey, lookup: keyring.lookup)
        try store.upsertItemRow(db, row)
    }

    private func candidateRows(_ query: VaultQuery, keyring: Keyring) throws(VaultError) -> [StoredRow] {
        let itemClass = query.itemClass.rawValue
        if let identity = query.exactIdentity {
            return try store.itemRows(
                itemClass: itemClass, keyHash: ItemSealer.keyHash(identity, lookup: keyring.lookup))
        }
        if let group = query.fields[query.itemClass.primaryKey[0]] {
            return try store.itemRows(
                itemClass: itemClass,
                groupHash: ItemSealer.groupHash(query.itemClass, group: group, lookup: keyring.lookup))
        }
        return try store.itemRows(itemClass: itemClass)
    }

    /// The item a row holds, without its value. `tolerateDamage` returns `nil` instead of throwing
    /// when the attributes do not authenticate or their class key is unavailable.
    func describe(_ row: StoredRow, keyring: Keyring, tolerateDamage: Bool = false) throws(VaultError) -> VaultItem? {
        let (protection, hasApplicationPassword) = try ItemSealer.protection(fromCode: row.protection)
        guard let itemClass = ItemClass(rawValue: row.itemClass) else {
            throw .itemAuthenticationFailed("a row in \(path) has an unknown item class \(row.itemClass)")
        }
        let key: SymmetricKey
        do {
            key = try classKey(protection.accessibility, in: keyring)
        } catch {
            if tolerateDamage {
                if case .wrongDevice = error { return nil }
                throw .locked(
                    "an existing \(protection.accessibility) item must be read to be replaced; unlock \(path) first")
            }
            throw error
        }
        guard let stored = ItemSealer.openAttributes(row, itemClass: itemClass, key: key) else {
            if tolerateDamage { return nil }
            throw .itemAuthenticationFailed(
                "a \(itemClass) item's attributes in \(path) do not authenticate (altered or swapped row); delete it or restore a backup"
            )
        }
        return VaultItem(
            identity: ItemIdentity(itemClass: itemClass, values: stored.values),
            attributes: ItemAttributes(label: stored.label, comment: stored.comment), protection: protection,
            hasApplicationPassword: hasApplicationPassword, created: Date(timeIntervalSince1970: stored.created),
            modified: Date(timeIntervalSince1970: stored.modified), value: nil)
    }

    /// The value a row holds: presence check, class key, AEAD, then the application-password layer.
    func openValue(_ row: StoredRow, identity: ItemIdentity, keyring: Keyring, applicationPassword: String?)
        throws(VaultError) -> Data
    {
        let (protection, hasApplicationPassword) = try ItemSealer.protection(fromCode: row.protection)
        let key = try classKey(protection.accessibility, in: keyring)
        if protection.userPresence {
            guard let authenticator else {
                throw .interactionNotAllowed(
                    "\(identity) needs the user's presence and no Authenticator was given; open the vault with one")
            }
            guard authenticator.confirmPresence(reason: "read \(identity)") else {
                throw .userPresenceDenied("reading \(identity) was not confirmed")
            }
        }
        let inner = try openOuterValue(row, identity: identity, key: key)
        guard hasApplicationPassword else { return inner }
        guard let applicationPassword, let salt = row.applicationSalt else {
            throw .wrongApplicationPassword("\(identity) needs its application password; give it")
        }
        let appKey = try ScryptParameters(encoded: salt).deriveKey(applicationPassword)
        guard
            let value = ItemSealer.open(
                inner, key: appKey, associatedData: ItemSealer.applicationAssociatedData(identity))
        else { throw .wrongApplicationPassword("the application password for \(identity) is wrong") }
        return value
    }

    /// The value column opened with the class key: the value, or its application-password layer.
    func openOuterValue(_ row: StoredRow, identity: ItemIdentity, key: SymmetricKey) throws(VaultError) -> Data {
        guard let inner = ItemSealer.openValue(row, itemClass: identity.itemClass, key: key) else {
            throw .itemAuthenticationFailed(
                "\(identity) in \(path) does not authenticate (altered, swapped or downgraded row); delete it or restore a backup"
            )
        }
        return inner
    }
}
