import Foundation

/// The vault's single metadata row: format version, the passphrase's scrypt parameters and the
/// device check.
struct VaultMetadata: Sendable {
    static let formatVersion = 1

    var formatVersion: Int
    var scrypt: ScryptParameters
    var deviceCheck: Data
}
