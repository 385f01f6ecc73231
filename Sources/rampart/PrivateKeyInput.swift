import Foundation
import RampartIO
import RampartTrust
import RampartVault

/// A TLS client's private key as the command line takes it: PEM from a file or standard input
/// (`fetch --key`, `vault import-key`), or a vault key item (`fetch --key-from-vault`), with the
/// failure's exit status: 66 no file, 74 unreadable, 65 not a usable key.
enum PrivateKeyInput {
    /// The most a key file may hold: PEM keys are a few KiB.
    static let limit = 1 << 20

    /// The PEM bytes of `path` (`-`: standard input); `option` names where it came from in messages.
    static func readPEM(_ path: String, option: String) throws -> [UInt8] {
        if path == "-" { return Array(try StandardInput.readAll(limit: limit, purpose: "the private key")) }
        do throws(IOError) {
            return Array(try FileDescriptorIO.readAll(path: path, limit: limit))
        } catch {
            throw CommandFailure("\(option) \(path): \(error.description)", status: ExitStatus(error))
        }
    }

    /// The one key of PEM `bytes`, read from `source`.
    static func parse(_ bytes: [UInt8], source: String) throws -> SigningKey {
        do throws(SigningKeyError) {
            return try SigningKey(pemEncoded: bytes, source: source)
        } catch {
            throw CommandFailure(ControlCharacterEscaping.sanitized(error.description), status: ExitStatus(error))
        }
    }

    /// A vault key item as a key that signs a TLS handshake: P-256, P-384 or RSA; a Curve25519
    /// item is refused (65).
    static func signingKey(_ key: VaultPrivateKey, tag: String) throws -> SigningKey {
        switch key {
        case .p256(let key): return .p256(key)
        case .p384(let key): return .p384(key)
        case .rsa(let key): return .rsa(key)
        case .curve25519Signing, .curve25519KeyAgreement:
            throw CommandFailure(
                "the vault key '\(ControlCharacterEscaping.sanitized(tag))' is a Curve25519 key, which cannot sign a "
                    + "TLS client handshake here; import a P-256, P-384 or RSA key (rampart vault import-key)",
                status: .dataError)
        }
    }

    /// The vault item form of a key read from PEM.
    static func vaultKey(_ key: SigningKey) -> VaultPrivateKey {
        switch key {
        case .p256(let key): return .p256(key)
        case .p384(let key): return .p384(key)
        case .rsa(let key): return .rsa(key)
        }
    }
}
