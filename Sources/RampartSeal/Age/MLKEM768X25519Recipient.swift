import Crypto
import Foundation

/// An age post-quantum hybrid recipient: an X-Wing (ML-KEM-768 + X25519) public key written `age1pq1…`.
///
/// The file key is sealed with HPKE (RFC 9180) base mode: KEM X-Wing (`0x647a`), HKDF-SHA256,
/// ChaCha20-Poly1305, `info` `age-encryption.org/mlkem768x25519` and an empty `aad`, all from
/// swift-crypto. The stanza is `-> mlkem768x25519 <base64 enc>` with the 32-byte HPKE ciphertext as
/// its body (c2sp.org/age). A file sealed to such a recipient stays confidential against a future
/// quantum computer only if every other recipient is post-quantum too, so ``Age`` refuses to mix them.
///
/// ```swift
/// let identity = try MLKEM768X25519Identity.generate()
/// let recipient = try MLKEM768X25519Recipient(identity.recipient.description)   // "age1pq1…"
/// let sealed = try Age.encrypt(Data("secret".utf8), to: [recipient])
/// ```
public struct MLKEM768X25519Recipient: AgeRecipient, CustomStringConvertible {
    static let stanzaType = "mlkem768x25519"
    static let humanReadablePart = "age1pq"
    static let info = Data("age-encryption.org/mlkem768x25519".utf8)
    static let ciphersuite = HPKE.Ciphersuite(kem: .XWingMLKEM768X25519, kdf: .HKDF_SHA256, aead: .chaChaPoly)
    /// Bytes of an X-Wing public key (ML-KEM-768 encapsulation key ‖ X25519 public key).
    static let publicKeySize = 1216
    /// Bytes of an X-Wing encapsulation (ML-KEM-768 ciphertext ‖ X25519 ephemeral share).
    static let encapsulationSize = 1120

    /// The recipient's X-Wing public key.
    public let publicKey: XWingMLKEM768X25519.PublicKey

    /// The recipient for `publicKey`.
    public init(publicKey: XWingMLKEM768X25519.PublicKey) { self.publicKey = publicKey }

    /// Parses an `age1pq1…` string.
    public init(_ text: String) throws(SealError) {
        let decoded: (humanReadablePart: String, data: [UInt8])
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw .invalidParameter("'\(text.prefix(24))…' is not an age recipient: it \(error)")
        }
        guard decoded.humanReadablePart == Self.humanReadablePart, text.lowercased() == text else {
            throw .invalidParameter(
                "'\(text.prefix(24))…' is not an age post-quantum recipient (expected lowercase 'age1pq1…')")
        }
        guard decoded.data.count == Self.publicKeySize,
            let key = try? XWingMLKEM768X25519.PublicKey(rawRepresentation: decoded.data)
        else {
            throw .invalidParameter(
                "'\(text.prefix(24))…' holds \(decoded.data.count) bytes, not a \(Self.publicKeySize)-byte ML-KEM-768 + X25519 public key"
            )
        }
        self.publicKey = key
    }

    /// The `age1pq1…` form (1959 characters).
    public var description: String {
        Bech32.encode(humanReadablePart: Self.humanReadablePart, data: publicKey.rawRepresentation)
    }

    public var isPostQuantum: Bool { true }

    public func wrap(fileKey: SymmetricKey) throws(SealError) -> AgeStanza {
        do {
            var sender = try HPKE.Sender(recipientKey: publicKey, ciphersuite: Self.ciphersuite, info: Self.info)
            let body = try sender.seal(fileKey.withUnsafeBytes { Data($0) })
            return AgeStanza(
                type: Self.stanzaType, arguments: [StrictBase64.encodeUnpadded(sender.encapsulatedKey)], body: body)
        } catch {
            throw .io("HPKE (X-Wing) refused to seal the file key: \(error)")
        }
    }
}
