import Crypto
import X509
import _CryptoExtras

/// The key types the lab can issue certificates for.
///
/// ```swift
/// let key = try LabKeyAlgorithm.p384.makePrivateKey()
/// ```
public enum LabKeyAlgorithm: String, Sendable, CaseIterable, Codable {
    case rsa1024, rsa2048, rsa4096, p256, p384, p521, ed25519

    /// A fresh private key of this type. RSA-1024 is generated with the "unsafe" size on purpose:
    /// the lab needs weak keys to prove that Rampart rejects them.
    public func makePrivateKey() throws -> Certificate.PrivateKey {
        switch self {
        case .rsa1024: return Certificate.PrivateKey(try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024)))
        case .rsa2048: return Certificate.PrivateKey(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        case .rsa4096: return Certificate.PrivateKey(try _RSA.Signing.PrivateKey(keySize: .bits4096))
        case .p256: return Certificate.PrivateKey(P256.Signing.PrivateKey())
        case .p384: return Certificate.PrivateKey(P384.Signing.PrivateKey())
        case .p521: return Certificate.PrivateKey(P521.Signing.PrivateKey())
        case .ed25519: return Certificate.PrivateKey(Curve25519.Signing.PrivateKey())
        }
    }

    /// The SHA-2 signature algorithm a certificate authority holding this key type signs with.
    public var preferredSignatureAlgorithm: Certificate.SignatureAlgorithm {
        switch self {
        case .rsa1024, .rsa2048, .rsa4096: return .sha256WithRSAEncryption
        case .p256: return .ecdsaWithSHA256
        case .p384: return .ecdsaWithSHA384
        case .p521: return .ecdsaWithSHA512
        case .ed25519: return .ed25519
        }
    }
}
