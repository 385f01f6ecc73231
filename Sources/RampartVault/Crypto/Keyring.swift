import Crypto
import Foundation

/// The keys an unlocked vault holds: the lookup key (keyed hashes of primary keys) and one key
/// per accessibility class. The vault passphrase's scrypt key (the key-encryption key) wraps the
/// random secrets they come from; `ThisDeviceOnly` class keys also mix in the device key.
struct Keyring: Sendable {
    static let lookupName = "lookup"
    static var secretNames: [String] { [lookupName] + Accessibility.allCases.map(\.description) }
    /// The size of a wrapped secret: a ChaChaPoly box (12-byte nonce, 32-byte secret, 16-byte tag).
    static let wrappedSize = 60

    var lookup: SymmetricKey
    var classKeys: [Accessibility: SymmetricKey]
    /// Why the `ThisDeviceOnly` keys are absent, when they are.
    var deviceProblem: String?

    /// Fresh random secrets for a new vault.
    static func freshSecrets() -> [String: Data] {
        Dictionary(uniqueKeysWithValues: secretNames.map { ($0, RandomBytes.make(32)) })
    }

    static func wrap(_ secret: Data, name: String, with kek: SymmetricKey) throws(VaultError) -> Data {
        do {
            return try ChaChaPoly.seal(secret, using: kek, authenticating: label(name)).combined
        } catch {
            throw .io("cannot wrap the \(name) key")
        }
    }

    /// The secret in `wrapped`, or `nil` when `kek` does not open it.
    static func unwrap(_ wrapped: Data, name: String, with kek: SymmetricKey) -> Data? {
        guard let box = try? ChaChaPoly.SealedBox(combined: wrapped),
            let secret = try? ChaChaPoly.open(box, using: kek, authenticating: label(name))
        else { return nil }
        return secret
    }

    private static func label(_ name: String) -> Data { Data("rampart-vault/1 key \(name)".utf8) }

    /// The keyring the unwrapped `secrets` give on this device.
    init(secrets: [String: Data], deviceKey: SymmetricKey?, deviceCheck: Data) throws(VaultError) {
        guard let lookupSecret = secrets[Self.lookupName] else {
            throw .damaged("the vault has no lookup key; the file is damaged")
        }
        lookup = SymmetricKey(data: lookupSecret)
        classKeys = [:]
        deviceProblem = nil
        for accessibility in Accessibility.allCases {
            guard let secret = secrets[accessibility.description] else {
                throw .damaged("the vault has no \(accessibility) key; the file is damaged")
            }
            if !accessibility.isThisDeviceOnly { classKeys[accessibility] = SymmetricKey(data: secret) }
        }
        guard let deviceKey else {
            deviceProblem = "there is no device key for this vault here"
            return
        }
        var deviceKeys: [Accessibility: SymmetricKey] = [:]
        for accessibility in Accessibility.allCases where accessibility.isThisDeviceOnly {
            guard let secret = secrets[accessibility.description] else { continue }
            deviceKeys[accessibility] = Self.deviceBound(secret, deviceKey: deviceKey, accessibility: accessibility)
        }
        guard let checkKey = deviceKeys[.whenUnlockedThisDeviceOnly],
            HMAC<SHA256>.isValidAuthenticationCode(deviceCheck, authenticating: Self.checkLabel, using: checkKey)
        else {
            deviceProblem =
                "this vault's ThisDeviceOnly items were stored on another machine or with another device key"
            return
        }
        classKeys.merge(deviceKeys) { $1 }
    }

    static func deviceBound(_ secret: Data, deviceKey: SymmetricKey, accessibility: Accessibility) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: deviceKey.withUnsafeBytes { Data($0) },
            info: Data("rampart-vault/1 class \(accessibility)".utf8), outputByteCount: 32)
    }

    static let checkLabel = Data("rampart-vault/1 device check".utf8)

    /// The value stored at creation that tells, at unlock, whether the device key is the same.
    static func deviceCheck(secrets: [String: Data], deviceKey: SymmetricKey) -> Data {
        let key = deviceBound(
            secrets[Accessibility.whenUnlockedThisDeviceOnly.description] ?? Data(), deviceKey: deviceKey,
            accessibility: .whenUnlockedThisDeviceOnly)
        return Data(HMAC<SHA256>.authenticationCode(for: checkLabel, using: key))
    }
}
