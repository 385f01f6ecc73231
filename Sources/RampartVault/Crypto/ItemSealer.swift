import Crypto
import Foundation

/// The AEAD and keyed hashes behind each row. Every ciphertext is ChaChaPoly; its associated
/// data binds the item class, the keyed hash of the primary key and the protection (accessibility,
/// user presence, application password and its salt), so a row's bytes cannot be moved to another
/// row, or its protection column lowered, without failing authentication.
enum ItemSealer {
    enum Part: String { case attributes, value }

    private static let keyLabel = Data("key".utf8)

    /// HMAC-SHA256 of the canonical primary key: the lookup column.
    static func keyHash(_ identity: ItemIdentity, lookup: SymmetricKey) -> Data {
        var hmac = HMAC<SHA256>(key: lookup)
        hmac.update(data: keyLabel)
        hmac.update(data: identity.canonicalBytes)
        return Data(hmac.finalize())
    }

    /// HMAC-SHA256 of the class and first primary-key field: the index for partial queries.
    static func groupHash(_ itemClass: ItemClass, group: String, lookup: SymmetricKey) -> Data {
        let bytes = Data("group".utf8) + Data([UInt8(itemClass.rawValue)]) + Data(group.utf8)
        return Data(HMAC<SHA256>.authenticationCode(for: bytes, using: lookup))
    }

    /// The protection column: accessibility in the low bits, then the user-presence and
    /// application-password flags.
    static func protectionCode(_ protection: ItemProtection, hasApplicationPassword: Bool) -> Int {
        protection.accessibility.rawValue | (protection.userPresence ? 0x10 : 0) | (hasApplicationPassword ? 0x20 : 0)
    }

    static func protection(fromCode code: Int) throws(VaultError) -> (ItemProtection, Bool) {
        guard code & ~0x33 == 0, let accessibility = Accessibility(rawValue: code & 0x03) else {
            throw .itemAuthenticationFailed("a row has an unknown protection code")
        }
        return (ItemProtection(accessibility: accessibility, userPresence: code & 0x10 != 0), code & 0x20 != 0)
    }

    private static let valueLabel = Array("rampart-vault/1 value".utf8)
    private static let attributesLabel = Array("rampart-vault/1 attributes".utf8)

    static func associatedData(
        _ part: Part, itemClass: ItemClass, keyHash: Data, protectionCode: Int, applicationSalt: Data?
    ) -> Data {
        var data = Data(capacity: 64 + (applicationSalt?.count ?? 0))
        data.append(contentsOf: part == .value ? valueLabel : attributesLabel)
        data.append(0)
        data.append(UInt8(itemClass.rawValue))
        data.append(keyHash)
        data.append(UInt8(protectionCode))
        data.append(applicationSalt ?? Data())
        return data
    }

    static func seal(_ plaintext: Data, key: SymmetricKey, associatedData: Data) throws(VaultError) -> Data {
        do {
            return try ChaChaPoly.seal(plaintext, using: key, authenticating: associatedData).combined
        } catch {
            throw .io("encryption failed")
        }
    }

    /// The plaintext, or `nil` when the ciphertext does not authenticate.
    static func open(_ ciphertext: Data, key: SymmetricKey, associatedData: Data) -> Data? {
        guard let box = try? ChaChaPoly.SealedBox(combined: ciphertext) else { return nil }
        return try? ChaChaPoly.open(box, using: key, authenticating: associatedData)
    }

    /// The associated data of the inner, application-password layer: the plain canonical primary
    /// key, which stays the same in a backup and in another vault.
    static func applicationAssociatedData(_ identity: ItemIdentity) -> Data {
        Data("rampart-vault/1 application".utf8) + identity.canonicalBytes
    }
}
