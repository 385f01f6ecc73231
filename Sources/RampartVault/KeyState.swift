import Crypto

/// What a `Vault` holds in memory: the keyring once first unlocked (without the `whenUnlocked`
/// class keys after `lock()`), whether it is unlocked now, and the stored scrypt parameters.
struct KeyState: Sendable {
    var keyring: Keyring?
    var unlocked = false
    var scrypt: ScryptParameters?
}
