import Crypto
import Foundation

/// An age X25519 identity: a Curve25519 private key written `AGE-SECRET-KEY-1…`.
///
/// Its `description` is the secret itself: print it only to where a key file belongs.
///
/// ```swift
/// let identity = X25519Identity.generate()
/// let recipient = identity.recipient          // share this: age1…
/// let reread = try X25519Identity(identity.secretText)
/// ```
public struct X25519Identity: AgeKeyIdentity {
    static let humanReadablePart = "AGE-SECRET-KEY-"

    /// The private key.
    public let privateKey: Curve25519.KeyAgreement.PrivateKey

    /// The identity for `privateKey`.
    public init(privateKey: Curve25519.KeyAgreement.PrivateKey) { self.privateKey = privateKey }

    /// A new random identity.
    public static func generate() -> X25519Identity {
        X25519Identity(privateKey: Curve25519.KeyAgreement.PrivateKey())
    }

    /// Parses an `AGE-SECRET-KEY-1…` string (the secret never appears in the error).
    public init(_ text: String) throws(SealError) {
        let decoded: (humanReadablePart: String, data: [UInt8])
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw .invalidParameter("an identity is not valid Bech32: it \(error)")
        }
        guard decoded.humanReadablePart == Self.humanReadablePart.lowercased(), text.uppercased() == text else {
            throw .invalidParameter("an identity is not an uppercase 'AGE-SECRET-KEY-1…' X25519 key")
        }
        guard decoded.data.count == 32,
            let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: decoded.data)
        else { throw .invalidParameter("an identity does not hold a 32-byte X25519 private key") }
        self.privateKey = key
    }

    /// The matching recipient (`age1…`).
    public var recipient: X25519Recipient { X25519Recipient(publicKey: privateKey.publicKey) }

    public var recipientText: String { recipient.description }

    /// The `AGE-SECRET-KEY-1…` form: a secret.
    public var secretText: String {
        Bech32.encode(humanReadablePart: Self.humanReadablePart, data: privateKey.rawRepresentation)
    }

    public func unwrap(_ stanzas: [AgeStanza]) throws(SealError) -> SymmetricKey? {
        let ownPublicKey = privateKey.publicKey
        for stanza in stanzas where stanza.type == X25519Recipient.stanzaType {
            guard stanza.arguments.count == 1 else {
                throw .malformed("an X25519 stanza has \(stanza.arguments.count) arguments; it takes exactly one")
            }
            guard let share = StrictBase64.decodeUnpadded(stanza.arguments[0]), share.count == 32,
                let peer = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share)
            else { throw .malformed("an X25519 stanza's share is not 32 bytes of canonical base64") }
            guard stanza.body.count == FileKeyWrap.fileKeySize + 16 else {
                throw .malformed("an X25519 stanza's body is \(stanza.body.count) bytes; a wrapped file key is 32")
            }
            let wrapKey = try X25519Recipient.wrapKey(
                secret: privateKey, peer: peer, share: share, recipient: ownPublicKey)
            if let fileKey = try FileKeyWrap.open(stanza.body, with: wrapKey, stanza: "X25519") { return fileKey }
        }
        return nil
    }
}
