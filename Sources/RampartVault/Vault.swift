import Crypto
import Foundation
import GRDB

/// A keychain on a file: items found by class and primary key, protected by accessibility
/// classes, optionally by an application password and the user's presence. One SQLite file (WAL
/// mode, 0600) holds only ciphertexts and keyed hashes; several processes may use it at once.
///
/// ```swift
/// let vault = try Vault.create(at: "/var/lib/app/vault.sqlite", passphrase: passphrase)
/// let identity = ItemIdentity.genericPassword(service: "api.example.com", account: "ci")
/// try vault.set(Data("s3cret".utf8), for: identity)               // upsert on the primary key
/// let token = try vault.value(for: identity)
///
/// let later = try Vault(path: "/var/lib/app/vault.sqlite")        // opens locked
/// try later.unlock(passphrase: passphrase)
/// later.lock()                                                    // afterFirstUnlock items stay readable
/// ```
public final class Vault: Sendable {
    /// The vault's file.
    public let path: String
    let options: VaultOptions
    let store: VaultStore
    let authenticator: (any Authenticator)?
    let state = LockedState(KeyState())

    /// Opens the vault at `path`, locked. `authenticator` is asked before each read of an item that
    /// needs the user's presence.
    public init(path: String, options: VaultOptions = VaultOptions(), authenticator: (any Authenticator)? = nil)
        throws(VaultError)
    {
        self.path = path
        self.options = options
        self.authenticator = authenticator
        store = try VaultStore(path: path, create: false, busyTimeout: options.busyTimeout)
        _ = try store.readHeader()
    }

    private init(path: String, options: VaultOptions, authenticator: (any Authenticator)?, store: VaultStore) {
        self.path = path
        self.options = options
        self.authenticator = authenticator
        self.store = store
    }

    /// Creates a vault at `path` (its file 0600) and returns it unlocked; its device key, for
    /// `ThisDeviceOnly` items, goes to a 0600 file in `options.deviceKeyFolder` (a per-user folder
    /// outside the vault's, by default). Fails with `vaultExists` if a file is there.
    public static func create(
        at path: String, passphrase: String, options: VaultOptions = VaultOptions(),
        authenticator: (any Authenticator)? = nil
    ) throws(VaultError) -> Vault {
        guard !passphrase.isEmpty else { throw .invalidParameter("the vault passphrase is empty; choose one") }
        let scrypt = try ScryptParameters.fresh(workFactor: options.workFactor, minimum: options.workFactorFloor)
        guard let deviceKeyFolder = DeviceKey.folder(configured: options.deviceKeyFolder) else {
            throw .io(
                VaultErrorContext(
                    "there is no home folder to keep the vault's device key in (HOME is unset); "
                        + "set XDG_STATE_HOME or HOME, or give VaultOptions a deviceKeyFolder", path: path))
        }
        let store = try VaultStore(path: path, create: true, busyTimeout: options.busyTimeout)
        var deviceKeyFile: String?
        do throws(VaultError) {
            unlink(DeviceKey.legacySecretPath(forVault: path))  // a stale one must never pass for this vault's
            let deviceSecret = RandomBytes.make(32)
            let deviceKey = DeviceKey.derive(deviceSecret, machineIDPath: options.machineIDPath)
            let kek = try scrypt.deriveKey(passphrase)
            let secrets = Keyring.freshSecrets()
            var wrapped: [String: Data] = [:]
            for (name, secret) in secrets { wrapped[name] = try Keyring.wrap(secret, name: name, with: kek) }
            let check = Keyring.deviceCheck(secrets: secrets, deviceKey: deviceKey)
            let name = DeviceKey.fileName(deviceCheck: check)
            try DeviceKey.store(deviceSecret, in: deviceKeyFolder, name: name)
            deviceKeyFile = deviceKeyFolder + "/" + name
            try store.initialize(
                metadata: VaultMetadata(formatVersion: VaultMetadata.formatVersion, scrypt: scrypt, deviceCheck: check),
                wrappedKeys: wrapped)
            let keyring = try Keyring(secrets: secrets, deviceKey: deviceKey, deviceCheck: check)
            let vault = Vault(path: path, options: options, authenticator: authenticator, store: store)
            vault.state.withLock { $0 = KeyState(keyring: keyring, unlocked: true, scrypt: scrypt) }
            return vault
        } catch {
            for file in [path, path + "-wal", path + "-shm"] + (deviceKeyFile.map { [$0] } ?? []) {
                unlink(file)
            }
            throw error
        }
    }

    /// Whether the vault is unlocked now (all class keys available).
    public var isUnlocked: Bool { state.withLock { $0.unlocked } }

    /// Unlocks the vault: derives the key-encryption key from `passphrase` with the stored scrypt
    /// parameters and unwraps the class keys. Throws `wrongPassphrase` (-25293) when it is wrong.
    public func unlock(passphrase: String) throws(VaultError) {
        let (metadata, wrapped) = try store.readHeader()
        let secrets = try unwrapSecrets(wrapped, passphrase: passphrase, scrypt: metadata.scrypt)
        let keyring = try deviceBoundKeyring(secrets: secrets, deviceCheck: metadata.deviceCheck)
        state.withLock { $0 = KeyState(keyring: keyring, unlocked: true, scrypt: metadata.scrypt) }
    }

    /// Whether `passphrase` is the vault's passphrase (for presence checks); constant-time in the
    /// comparison (an AEAD tag check).
    public func verifyPassphrase(_ passphrase: String) throws(VaultError) -> Bool {
        let (metadata, wrapped) = try store.readHeader()
        guard let lookup = wrapped[Keyring.lookupName], lookup.count == Keyring.wrappedSize else {
            throw .damaged("\(path) has no valid wrapped lookup key (table vault_keys); the file is damaged")
        }
        return Keyring.unwrap(lookup, name: Keyring.lookupName, with: try metadata.scrypt.deriveKey(passphrase)) != nil
    }

    /// Locks the vault: forgets the `whenUnlocked` class keys. `afterFirstUnlock` items stay
    /// readable until this object goes away.
    public func lock() {
        state.withLock { state in
            state.unlocked = false
            state.keyring?.classKeys[.whenUnlocked] = nil
            state.keyring?.classKeys[.whenUnlockedThisDeviceOnly] = nil
        }
    }

    /// Changes the vault passphrase: re-wraps the class keys under a key derived from `new` with a
    /// fresh salt, in one transaction. Items are not touched. A vault whose stored work factor is
    /// under `VaultOptions.minimumWorkFactor` (made before that floor existed) gets the floor.
    public func changePassphrase(from old: String, to new: String) throws(VaultError) {
        guard !new.isEmpty else { throw .invalidParameter("the new passphrase is empty; choose one") }
        let path = path
        try store.write { db in
            let (metadata, wrapped) = try self.store.readHeader(db)
            let secrets = try self.unwrapSecrets(wrapped, passphrase: old, scrypt: metadata.scrypt)
            // A vault made weaker than the floor (before it existed) is raised to it now.
            let scrypt = try ScryptParameters.fresh(
                workFactor: max(metadata.scrypt.workFactor, self.options.workFactorFloor))
            let kek = try scrypt.deriveKey(new)
            var rewrapped: [String: Data] = [:]
            for (name, secret) in secrets { rewrapped[name] = try Keyring.wrap(secret, name: name, with: kek) }
            guard rewrapped.count == wrapped.count else { throw VaultError.io("\(path): key count changed") }
            var updated = metadata
            updated.scrypt = scrypt
            try VaultStore.writeMetadata(updated, db)
            try VaultStore.writeKeys(rewrapped, db)
        }
        let scrypt = try store.readHeader().0.scrypt
        state.withLock { $0.scrypt = scrypt }
    }

    /// The random secrets `wrapped` holds, opened with the key `passphrase` derives. A wrong
    /// passphrase opens none of them (`wrongPassphrase`); a damaged `vault_keys` table is told
    /// apart (`damaged`): a key missing or of the wrong size, whatever the passphrase, or some keys
    /// opening while others do not (the passphrase is right, so the rest were altered).
    func unwrapSecrets(_ wrapped: [String: Data], passphrase: String, scrypt: ScryptParameters) throws(VaultError)
        -> [String: Data]
    {
        var boxes: [(String, Data)] = []
        for name in Keyring.secretNames {
            guard let box = wrapped[name] else {
                throw .damaged(
                    "\(path) lacks the wrapped \(name) key (table vault_keys); the file is damaged, restore a backup")
            }
            guard box.count == Keyring.wrappedSize else {
                throw .damaged(
                    VaultErrorContext(
                        "\(path): the wrapped \(name) key (table vault_keys) is \(box.count) bytes, not \(Keyring.wrappedSize); "
                            + "the file is damaged, restore a backup", path: path, location: "vault_keys"))
            }
            boxes.append((name, box))
        }
        let kek = try scrypt.deriveKey(passphrase)
        var secrets: [String: Data] = [:]
        var unopened: [String] = []
        for (name, box) in boxes {
            if let secret = Keyring.unwrap(box, name: name, with: kek) {
                secrets[name] = secret
            } else {
                unopened.append(name)
            }
        }
        guard !secrets.isEmpty else {
            throw .wrongPassphrase("the passphrase does not open \(path); check it and try again")
        }
        guard unopened.isEmpty else {
            throw .damaged(
                VaultErrorContext(
                    "the passphrase opens \(path), but its wrapped \(unopened.joined(separator: ", ")) "
                        + "\(unopened.count == 1 ? "key does" : "keys do") not authenticate (table vault_keys); "
                        + "the file was altered or is damaged, restore a backup", path: path, location: "vault_keys"))
        }
        return secrets
    }

    /// The keyring `secrets` give with this vault's device key from the device key folder. When
    /// that has none, a legacy `VAULT.device` beside the vault that verifies (a vault made before
    /// the device key moved) is moved into the folder and removed, so a copy of the vault's folder
    /// no longer carries it; one that does not verify is left alone.
    func deviceBoundKeyring(secrets: [String: Data], deviceCheck: Data) throws(VaultError) -> Keyring {
        let folder = DeviceKey.folder(configured: options.deviceKeyFolder)
        let name = DeviceKey.fileName(deviceCheck: deviceCheck)
        let secret = folder.flatMap { DeviceKey.readSecret($0 + "/" + name) }
        var keyring = try Keyring(
            secrets: secrets, deviceKey: secret.map { DeviceKey.derive($0, machineIDPath: options.machineIDPath) },
            deviceCheck: deviceCheck)
        guard secret == nil else { return keyring }
        let legacyFile = DeviceKey.legacySecretPath(forVault: path)
        if let legacy = DeviceKey.readSecret(legacyFile) {
            let legacyKeyring = try Keyring(
                secrets: secrets, deviceKey: DeviceKey.derive(legacy, machineIDPath: options.machineIDPath),
                deviceCheck: deviceCheck)
            if legacyKeyring.deviceProblem == nil {
                if let folder {
                    try? DeviceKey.store(legacy, in: folder, name: name)
                    if DeviceKey.readSecret(folder + "/" + name) == legacy { unlink(legacyFile) }
                }
                return legacyKeyring
            }
        }
        keyring.deviceProblem =
            "this vault's device key is not in \(folder ?? "a device key folder (there is no home folder)") "
            + "(ThisDeviceOnly items open only for the machine and user that stored them: the vault was copied "
            + "or moved to another user, or the key file was removed)"
        return keyring
    }

    /// The keyring, or `locked` when the vault was never unlocked in this process.
    func keyring() throws(VaultError) -> (Keyring, ScryptParameters) {
        let current = state.withLock { ($0.keyring, $0.scrypt) }
        guard let keyring = current.0, let scrypt = current.1 else {
            throw .locked("\(path) was not unlocked in this process; unlock it with its passphrase")
        }
        return (keyring, scrypt)
    }

    func classKey(_ accessibility: Accessibility, in keyring: Keyring) throws(VaultError) -> SymmetricKey {
        if let key = keyring.classKeys[accessibility] { return key }
        if accessibility.isThisDeviceOnly, let problem = keyring.deviceProblem {
            throw .wrongDevice("\(problem) (\(path)); such items cannot be read here")
        }
        throw .locked("\(accessibility) items in \(path) need the vault unlocked; unlock it with its passphrase")
    }
}
