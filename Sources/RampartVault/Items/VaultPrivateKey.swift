import Crypto
import Foundation
import _CryptoExtras

/// A private key as a `key` item holds it, the kinds the seeds keep as `SecKey`s: P-256, P-384,
/// Curve25519 (signing or key agreement) and RSA.
///
/// ```swift
/// let signing = VaultPrivateKey.p256(P256.Signing.PrivateKey())
/// try vault.setKey(signing, applicationTag: "com.example.signing")
/// guard case .p256(let key) = try vault.privateKey(applicationTag: "com.example.signing") else { return }
/// ```
public enum VaultPrivateKey: Sendable {
    case p256(P256.Signing.PrivateKey)
    case p384(P384.Signing.PrivateKey)
    case curve25519Signing(Curve25519.Signing.PrivateKey)
    case curve25519KeyAgreement(Curve25519.KeyAgreement.PrivateKey)
    case rsa(_RSA.Signing.PrivateKey)

    /// The stored form: one type byte, then the key's raw (elliptic curves) or DER (RSA) bytes.
    var encoded: Data {
        switch self {
        case .p256(let key): return Data([1]) + key.rawRepresentation
        case .p384(let key): return Data([2]) + key.rawRepresentation
        case .curve25519Signing(let key): return Data([3]) + key.rawRepresentation
        case .curve25519KeyAgreement(let key): return Data([4]) + key.rawRepresentation
        case .rsa(let key): return Data([5]) + key.derRepresentation
        }
    }

    init(encoded: Data) throws(VaultError) {
        guard let type = encoded.first else { throw .invalidParameter("the item holds no key; it is empty") }
        let body = encoded.dropFirst()
        do {
            switch type {
            case 1: self = .p256(try P256.Signing.PrivateKey(rawRepresentation: body))
            case 2: self = .p384(try P384.Signing.PrivateKey(rawRepresentation: body))
            case 3: self = .curve25519Signing(try Curve25519.Signing.PrivateKey(rawRepresentation: body))
            case 4: self = .curve25519KeyAgreement(try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: body))
            case 5: self = .rsa(try _RSA.Signing.PrivateKey(derRepresentation: body))
            default: throw VaultError.invalidParameter("the item holds a key of unknown type \(type)")
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .invalidParameter("the item does not hold a valid private key; it was stored as plain data")
        }
    }
}
