import Crypto
import Foundation
import RampartSeal

/// A user's public end-to-end key: what others seal to and check signatures with. Written as one
/// Bech32 line with a typed prefix and a checksum (`rampart1…`, `rampartnist1…`, `rampartpq1…`),
/// so a typo or a truncated copy is caught.
///
/// Its bytes are the KEM public key, then the Ed25519 signing key, then (post-quantum keys) the
/// ML-DSA-65 signing key (docs/E2E-ENVELOPE.md).
///
/// ```swift
/// let bob = try E2EPublicKey("rampart1…")
/// let sealed = try E2E.seal(Data("hi".utf8), to: [bob])
/// print(bob.keyID)   // 16 hex digits, for logs
/// ```
public struct E2EPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The kind, which fixes the HPKE suite.
    public let kind: E2EKeyKind
    /// The KEM public key (X25519 raw, P-256 uncompressed X9.63, or X-Wing).
    public let kemKey: Data
    /// The Ed25519 signing key (32 bytes), then for post-quantum keys the ML-DSA-65 key (1952 bytes).
    public let signingKey: Data

    init(kind: E2EKeyKind, kemKey: Data, signingKey: Data) {
        self.kind = kind
        self.kemKey = kemKey
        self.signingKey = signingKey
    }

    /// Parses the one-line form.
    public init(_ text: String) throws(E2EError) {
        let (kind, bytes) = try E2EKeyKind.decodeLine(
            text, uppercase: false, prefix: \.publicPrefix,
            notBech32: { "'\($0.prefix(20))…' is not a Rampart public key" },
            wrongForm: {
                "'\($0.prefix(20))…' is not a Rampart public key (expected lowercase rampart1…, rampartnist1… "
                    + "or rampartpq1…); a secret key or an age key does not go here"
            })
        try self.init(kind: kind, bytes: bytes)
    }

    /// Parses the bytes of a key of `kind` (KEM key ‖ signing keys), checking every part.
    init(kind: E2EKeyKind, bytes: Data) throws(E2EError) {
        let expected = kind.kemPublicKeySize + kind.signingPublicKeySize
        guard bytes.count == expected else {
            throw .invalidKey("a \(kind) public key is \(expected) bytes; this one is \(bytes.count)")
        }
        let kem = Data(bytes.prefix(kind.kemPublicKeySize))
        let signing = Data(bytes.dropFirst(kind.kemPublicKeySize))
        do {
            switch kind {
            case .classic: _ = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: kem)
            case .nist: _ = try P256.KeyAgreement.PublicKey(x963Representation: kem)
            case .postQuantum:
                _ = try XWingMLKEM768X25519.PublicKey(rawRepresentation: kem)
                _ = try MLDSA65.PublicKey(rawRepresentation: signing.dropFirst(32))
            }
            _ = try Curve25519.Signing.PublicKey(rawRepresentation: signing.prefix(32))
        } catch {
            throw .invalidKey("a \(kind) public key holds a point or key that does not parse: \(error)")
        }
        self.init(kind: kind, kemKey: kem, signingKey: signing)
    }

    /// The key's bytes: KEM key ‖ signing keys.
    public var bytes: Data { kemKey + signingKey }

    /// The key as a sender block names it: the kind byte, then ``bytes``.
    var typedBytes: Data { Data([kind.rawValue]) + bytes }

    /// The one-line form to share.
    public var description: String { Bech32.encode(humanReadablePart: kind.publicPrefix, data: bytes) }

    /// 16 hex digits naming the key (SHA-256 of its typed bytes), for logs. Not an identity: a
    /// second key with the same ID costs about 2^64 work, so never decide who sent a message by it;
    /// compare the whole key (``E2E/open(_:with:from:)``'s `from:`) or the safety number
    /// (``E2ESafetyNumber``), which is what people compare.
    public var keyID: String {
        SHA256.hash(data: Data("rampart-e2e/v1 key id".utf8) + typedBytes).prefix(8)
            .map { String(format: "%02x", $0) }.joined()
    }

    /// Seals `fileKey` to this key with HPKE base mode; returns `enc` and the ciphertext.
    func wrap(_ fileKey: Data, suite: HPKE.Ciphersuite, aad: Data) throws(E2EError) -> (enc: Data, ciphertext: Data) {
        do {
            var sender: HPKE.Sender
            switch kind {
            case .classic:
                sender = try HPKE.Sender(
                    recipientKey: try Curve25519.KeyAgreement.PublicKey(rawRepresentation: kemKey), ciphersuite: suite,
                    info: E2EEnvelope.hpkeInfo)
            case .nist:
                sender = try HPKE.Sender(
                    recipientKey: try P256.KeyAgreement.PublicKey(x963Representation: kemKey), ciphersuite: suite,
                    info: E2EEnvelope.hpkeInfo)
            case .postQuantum:
                sender = try HPKE.Sender(
                    recipientKey: try XWingMLKEM768X25519.PublicKey(rawRepresentation: kemKey), ciphersuite: suite,
                    info: E2EEnvelope.hpkeInfo)
            }
            let ciphertext = try sender.seal(fileKey, authenticating: aad)
            return (sender.encapsulatedKey, ciphertext)
        } catch {
            throw .invalidKey("HPKE refused to seal to \(keyID): \(error)")
        }
    }

    /// Whether `signature` (this key's kind's signature block) signs `message`.
    func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard signature.count == kind.signatureSize,
            let ed25519 = try? Curve25519.Signing.PublicKey(rawRepresentation: signingKey.prefix(32)),
            ed25519.isValidSignature(signature.prefix(64), for: message)
        else { return false }
        guard kind == .postQuantum else { return true }
        guard let mldsa = try? MLDSA65.PublicKey(rawRepresentation: signingKey.dropFirst(32)) else { return false }
        return mldsa.isValidSignature(signature.dropFirst(64), for: message, context: E2EEnvelope.signatureContext)
    }
}
