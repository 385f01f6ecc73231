import Crypto
import Foundation
import RampartSeal

/// A user's private end-to-end identity: a KEM key to open messages and signing keys to sign them.
///
/// Its ``secretText`` (`RAMPART-SECRET-KEY-…1…`) is the secret itself: keep it in a 0600 file
/// (``E2EIdentityFile``) or a vault item (``E2EVaultIdentity``), never on a command line.
///
/// ```swift
/// let alice = try E2EIdentity.generate(.classic)
/// let bob = try E2EIdentity.generate(.classic)
/// let sealed = try E2E.seal(Data("hi".utf8), to: [bob.publicKey], from: alice)
/// let opened = try E2E.open(sealed, with: bob, from: alice.publicKey)
/// ```
public struct E2EIdentity: Sendable {
    /// The kind, which fixes the HPKE suite.
    public var kind: E2EKeyKind { publicKey.kind }
    /// The matching public key, to share.
    public let publicKey: E2EPublicKey
    /// The secret bytes: KEM secret (32) ‖ Ed25519 secret (32) ‖ ML-DSA-65 seed (32, post-quantum only).
    private let secret: Data

    /// A new random identity of `kind`.
    public static func generate(_ kind: E2EKeyKind = .classic) throws(E2EError) -> E2EIdentity {
        let kem: Data
        do {
            switch kind {
            case .classic: kem = Curve25519.KeyAgreement.PrivateKey().rawRepresentation
            case .nist: kem = P256.KeyAgreement.PrivateKey().rawRepresentation
            case .postQuantum: kem = try XWingMLKEM768X25519.PrivateKey.generate().seedRepresentation
            }
            var secret = kem + Curve25519.Signing.PrivateKey().rawRepresentation
            if kind == .postQuantum { secret += try MLDSA65.PrivateKey().seedRepresentation }
            return try E2EIdentity(kind: kind, secret: secret)
        } catch let error as E2EError {
            throw error
        } catch {
            throw .invalidKey("generating a \(kind) key failed: \(error)")
        }
    }

    /// Parses the `RAMPART-SECRET-KEY-…1…` form (the secret never appears in an error).
    public init(_ text: String) throws(E2EError) {
        let (kind, secret) = try E2EKeyKind.decodeLine(
            text, uppercase: true, prefix: { $0.secretPrefix.lowercased() },
            notBech32: { _ in "an identity is not valid Bech32" },
            wrongForm: { _ in
                "an identity is not an uppercase RAMPART-SECRET-KEY-…1… line (a public key or an age key does not go here)"
            })
        try self.init(kind: kind, secret: secret)
    }

    init(kind: E2EKeyKind, secret: Data) throws(E2EError) {
        let expected = kind == .postQuantum ? 96 : 64
        guard secret.count == expected else {
            throw .invalidKey("a \(kind) identity holds \(expected) secret bytes; this one holds \(secret.count)")
        }
        do {
            let kemSecret = secret.prefix(32)
            let kemPublic: Data
            switch kind {
            case .classic:
                kemPublic = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: kemSecret).publicKey
                    .rawRepresentation
            case .nist:
                kemPublic = try P256.KeyAgreement.PrivateKey(rawRepresentation: kemSecret).publicKey.x963Representation
            case .postQuantum:
                kemPublic = try XWingMLKEM768X25519.PrivateKey(seedRepresentation: kemSecret, publicKey: nil).publicKey
                    .rawRepresentation
            }
            var signing = try Curve25519.Signing.PrivateKey(rawRepresentation: secret.dropFirst(32).prefix(32))
                .publicKey
                .rawRepresentation
            if kind == .postQuantum {
                signing += try MLDSA65.PrivateKey(seedRepresentation: secret.dropFirst(64), publicKey: nil).publicKey
                    .rawRepresentation
            }
            self.publicKey = E2EPublicKey(kind: kind, kemKey: kemPublic, signingKey: signing)
            self.secret = Data(secret)
        } catch {
            throw .invalidKey("a \(kind) identity holds a key that does not parse")
        }
    }

    /// The one-line secret form: a secret.
    public var secretText: String { Bech32.encode(humanReadablePart: kind.secretPrefix, data: secret) }

    /// The file key from a recipient entry, or `nil` when the entry is not for this identity.
    func unwrap(enc: Data, ciphertext: Data, suite: HPKE.Ciphersuite, aad: Data) -> Data? {
        let kemSecret = secret.prefix(32)
        var recipient: HPKE.Recipient
        do {
            switch kind {
            case .classic:
                recipient = try HPKE.Recipient(
                    privateKey: try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: kemSecret),
                    ciphersuite: suite,
                    info: E2EEnvelope.hpkeInfo, encapsulatedKey: enc)
            case .nist:
                recipient = try HPKE.Recipient(
                    privateKey: try P256.KeyAgreement.PrivateKey(rawRepresentation: kemSecret), ciphersuite: suite,
                    info: E2EEnvelope.hpkeInfo, encapsulatedKey: enc)
            case .postQuantum:
                recipient = try HPKE.Recipient(
                    privateKey: try XWingMLKEM768X25519.PrivateKey(seedRepresentation: kemSecret, publicKey: nil),
                    ciphersuite: suite, info: E2EEnvelope.hpkeInfo, encapsulatedKey: enc)
            }
            return try recipient.open(ciphertext, authenticating: aad)
        } catch {
            return nil
        }
    }

    /// The signature block over `message`: Ed25519, then ML-DSA-65 for post-quantum identities.
    func sign(_ message: Data) throws(E2EError) -> Data {
        do {
            var signature = try Curve25519.Signing.PrivateKey(rawRepresentation: secret.dropFirst(32).prefix(32))
                .signature(for: message)
            if kind == .postQuantum {
                signature += try MLDSA65.PrivateKey(seedRepresentation: secret.dropFirst(64), publicKey: nil)
                    .signature(for: message, context: E2EEnvelope.signatureContext)
            }
            return signature
        } catch {
            throw .invalidKey("signing with \(publicKey.keyID) failed: \(error)")
        }
    }
}
