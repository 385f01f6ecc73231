import Crypto
import Foundation

/// An age post-quantum hybrid identity: a 32-byte X-Wing seed written `AGE-SECRET-KEY-PQ-1…`.
///
/// It opens `mlkem768x25519` stanzas (see ``MLKEM768X25519Recipient``). Its ``secretText`` is the
/// secret itself: write it only where a key file belongs.
///
/// ```swift
/// let identity = try MLKEM768X25519Identity.generate()
/// let sealed = try Age.encrypt(data, to: [identity.recipient])
/// let opened = try Age.decrypt(sealed, with: [identity])
/// ```
public struct MLKEM768X25519Identity: AgeKeyIdentity {
    static let humanReadablePart = "AGE-SECRET-KEY-PQ-"

    /// The X-Wing private key.
    public let privateKey: XWingMLKEM768X25519.PrivateKey

    /// The identity for `privateKey`.
    public init(privateKey: XWingMLKEM768X25519.PrivateKey) { self.privateKey = privateKey }

    /// A new random identity.
    public static func generate() throws(SealError) -> MLKEM768X25519Identity {
        do {
            return MLKEM768X25519Identity(privateKey: try XWingMLKEM768X25519.PrivateKey.generate())
        } catch {
            throw .io("generating an X-Wing key failed: \(error)")
        }
    }

    /// Parses an `AGE-SECRET-KEY-PQ-1…` string (the secret never appears in the error).
    public init(_ text: String) throws(SealError) {
        let decoded: (humanReadablePart: String, data: [UInt8])
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw .invalidParameter("a post-quantum identity is not valid Bech32: it \(error)")
        }
        guard decoded.humanReadablePart == Self.humanReadablePart.lowercased(), text.uppercased() == text else {
            throw .invalidParameter("an identity is not an uppercase 'AGE-SECRET-KEY-PQ-1…' post-quantum key")
        }
        guard decoded.data.count == 32,
            let key = try? XWingMLKEM768X25519.PrivateKey(seedRepresentation: decoded.data, publicKey: nil)
        else { throw .invalidParameter("a post-quantum identity does not hold a 32-byte X-Wing seed") }
        self.privateKey = key
    }

    /// The matching recipient (`age1pq1…`).
    public var recipient: MLKEM768X25519Recipient { MLKEM768X25519Recipient(publicKey: privateKey.publicKey) }

    public var recipientText: String { recipient.description }

    /// The `AGE-SECRET-KEY-PQ-1…` form: a secret.
    public var secretText: String {
        Bech32.encode(humanReadablePart: Self.humanReadablePart, data: privateKey.seedRepresentation)
    }

    public func unwrap(_ stanzas: [AgeStanza]) throws(SealError) -> SymmetricKey? {
        for stanza in stanzas where stanza.type == MLKEM768X25519Recipient.stanzaType {
            guard stanza.arguments.count == 1 else {
                throw .malformed(
                    "an mlkem768x25519 stanza has \(stanza.arguments.count) arguments after its type; it takes one")
            }
            guard let enc = StrictBase64.decodeUnpadded(stanza.arguments[0]),
                enc.count == MLKEM768X25519Recipient.encapsulationSize
            else {
                throw .malformed(
                    "an mlkem768x25519 stanza's encapsulated key is not \(MLKEM768X25519Recipient.encapsulationSize) bytes of canonical base64"
                )
            }
            // Checked before decrypting, so a longer body cannot probe the key (a partitioning oracle).
            guard stanza.body.count == FileKeyWrap.fileKeySize + 16 else {
                throw .malformed(
                    "an mlkem768x25519 stanza's body is \(stanza.body.count) bytes; a sealed file key is 32")
            }
            try Self.refuseLowOrderShare(enc.suffix(32))
            guard
                var opener = try? HPKE.Recipient(
                    privateKey: privateKey, ciphersuite: MLKEM768X25519Recipient.ciphersuite,
                    info: MLKEM768X25519Recipient.info, encapsulatedKey: enc),
                let fileKey = try? opener.open(stanza.body), fileKey.count == FileKeyWrap.fileKeySize
            else { continue }
            return SymmetricKey(data: fileKey)
        }
        return nil
    }

    /// Refuses an X25519 share that is a low-order point: its shared secret with any key is all
    /// zeros, which the age spec (and Go's X25519) reject. X-Wing itself would accept it, so the
    /// share is multiplied by a throwaway scalar here: the product is zero exactly for those points.
    private static func refuseLowOrderShare(_ share: Data) throws(SealError) {
        let probe = Curve25519.KeyAgreement.PrivateKey()
        guard let point = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share),
            let shared = try? probe.sharedSecretFromKeyAgreement(with: point),
            shared.withUnsafeBytes({ bytes in bytes.reduce(0) { $0 | $1 } }) != 0
        else {
            throw .malformed(
                "an mlkem768x25519 stanza's X25519 share is a low-order point (the shared secret would be zero)")
        }
    }
}
