import Crypto
import Foundation

/// Whole rows: an item sealed into the two ciphertexts of a ``StoredRow`` and opened back, each
/// bound by its associated data to the row's class, key hash, protection and application salt.
extension ItemSealer {
    /// The row for an item: its hashes, protection code and the attributes and `inner` value (the
    /// value, or its application-password layer when `applicationSalt` is set) sealed with `classKey`.
    static func sealRow(
        identity: ItemIdentity, protection: ItemProtection, attributes: StoredAttributes, inner: Data,
        applicationSalt: Data?, classKey: SymmetricKey, lookup: SymmetricKey
    ) throws(VaultError) -> StoredRow {
        let keyHash = keyHash(identity, lookup: lookup)
        let itemClass = identity.itemClass
        let code = protectionCode(protection, hasApplicationPassword: applicationSalt != nil)
        func bound(_ part: Part) -> Data {
            associatedData(
                part, itemClass: itemClass, keyHash: keyHash, protectionCode: code, applicationSalt: applicationSalt)
        }
        let encoded: Data
        do {
            encoded = try attributes.encoded()
        } catch {
            throw .io("the attributes of \(identity) cannot be encoded: \(error)")
        }
        return StoredRow(
            itemClass: itemClass.rawValue, keyHash: keyHash,
            groupHash: groupHash(itemClass, group: identity.group, lookup: lookup), protection: code,
            applicationSalt: applicationSalt,
            attributes: try seal(encoded, key: classKey, associatedData: bound(.attributes)),
            value: try seal(inner, key: classKey, associatedData: bound(.value)))
    }

    /// The attributes of `row` opened with its class key, or `nil` when they do not authenticate
    /// or do not fit the class.
    static func openAttributes(_ row: StoredRow, itemClass: ItemClass, key: SymmetricKey) -> StoredAttributes? {
        let bound = associatedData(
            .attributes, itemClass: itemClass, keyHash: row.keyHash, protectionCode: row.protection,
            applicationSalt: row.applicationSalt)
        guard let plaintext = open(row.attributes, key: key, associatedData: bound),
            let stored = StoredAttributes.decode(plaintext), stored.values.count == itemClass.primaryKey.count
        else { return nil }
        return stored
    }

    /// The value column of `row` opened with its class key (the value, or its application-password
    /// layer), or `nil` when it does not authenticate.
    static func openValue(_ row: StoredRow, itemClass: ItemClass, key: SymmetricKey) -> Data? {
        let bound = associatedData(
            .value, itemClass: itemClass, keyHash: row.keyHash, protectionCode: row.protection,
            applicationSalt: row.applicationSalt)
        return open(row.value, key: key, associatedData: bound)
    }
}
