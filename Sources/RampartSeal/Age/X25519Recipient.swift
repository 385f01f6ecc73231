import Crypto
import Foundation

/// An age X25519 recipient: a Curve25519 public key written `age1…`.
///
/// ```swift
/// let recipient = try X25519Recipient("age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p")
/// print(recipient)   // the same age1… string
/// ```
public struct X25519Recipient: AgeRecipient, CustomStringConvertible {
    static let stanzaType = "X25519"
    static let label = Data("age-encryption.org/v1/X25519".utf8)

    /// The recipient's public key.
    public let publicKey: Curve25519.KeyAgreement.PublicKey

    /// The recipient for `publicKey`.
    public init(publicKey: Curve25519.KeyAgreement.PublicKey) { self.publicKey = publicKey }

    /// Parses an `age1…` string.
    public init(_ text: String) throws(SealError) {
        let decoded: (humanReadablePart: String, data: [UInt8])
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw .invalidParameter("'\(text)' is not an age recipient: it \(error)")
        }
        guard decoded.humanReadablePart == "age", text.lowercased() == text else {
            throw .invalidParameter("'\(text)' is not an age X25519 recipient (expected lowercase 'age1…')")
        }
        guard decoded.data.count == 32,
            let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: decoded.data)
        else { throw .invalidParameter("'\(text)' does not hold a 32-byte X25519 public key") }
        self.publicKey = key
    }

    /// The `age1…` form.
    public var description: String {
        Bech32.encode(humanReadablePart: "age", data: publicKey.rawRepresentation)
    }

    public func wrap(fileKey: SymmetricKey) throws(SealError) -> AgeStanza {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let share = ephemeral.publicKey.rawRepresentation
        let wrapKey = try Self.wrapKey(secret: ephemeral, peer: publicKey, share: share, recipient: publicKey)
        return AgeStanza(
            type: Self.stanzaType, arguments: [StrictBase64.encodeUnpadded(share)],
            body: try FileKeyWrap.seal(fileKey, with: wrapKey))
    }

    /// HKDF over the X25519 shared secret, refusing the all-zero secret of low-order points.
    static func wrapKey(
        secret: Curve25519.KeyAgreement.PrivateKey, peer: Curve25519.KeyAgreement.PublicKey,
        share: Data, recipient: Curve25519.KeyAgreement.PublicKey
    ) throws(SealError) -> SymmetricKey {
        let shared: SharedSecret
        do {
            shared = try secret.sharedSecretFromKeyAgreement(with: peer)
        } catch {
            throw .malformed("the X25519 share is a low-order point (the shared secret would be zero)")
        }
        let isZero = shared.withUnsafeBytes { bytes in bytes.reduce(0) { $0 | $1 } == 0 }
        guard !isZero else {
            throw .malformed("the X25519 share is a low-order point (the shared secret would be zero)")
        }
        return shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: share + recipient.rawRepresentation, sharedInfo: label, outputByteCount: 32)
    }
}
