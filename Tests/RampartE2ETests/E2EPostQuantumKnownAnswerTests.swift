import Crypto
import Foundation
import RampartIO
import Testing

@testable import RampartE2E

/// The post-quantum envelope's primitives held to published known answers, which Rampart did not
/// write (`Fixtures/pq/ORIGIN.md`): a post-quantum identity's KEM key is X-Wing
/// (draft-connolly-cfrg-xwing-kem) and its second signing key ML-DSA-65 (FIPS 204), each derived
/// from its 32-byte seed. Driven with the published seeds, the identity must give the published
/// public keys, and a message sealed to the published public keys (not to the identity's own) must
/// open with it, its signature verifying under the published ML-DSA-65 key. ML-KEM-768 (FIPS 203)
/// is used only inside X-Wing, whose vectors cover it. The envelope bytes themselves are pinned by
/// the regression vectors (``E2ERegressionVectorTests``) and read independently for the classic
/// and P-256 kinds only.
@Suite("E2E: post-quantum keys against published known answers", .timeLimit(.minutes(10)))
struct E2EPostQuantumKnownAnswerTests {
    struct XWingVector: Decodable, CustomTestStringConvertible, Sendable {
        var seed: String
        var sk: String
        var pk: String
        var testDescription: String { "X-Wing seed \(seed.prefix(16))…" }
    }

    struct MLDSAVector: Decodable, CustomTestStringConvertible, Sendable {
        var seed: String
        var pk: String
        var testDescription: String { "ML-DSA-65 seed \(seed.prefix(16))…" }
    }

    static func load<Vector: Decodable>(_ name: String) -> [Vector] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/pq"),
            let data = try? Data(contentsOf: url)
        else { return [] }
        return (try? JSONDecoder().decode([Vector].self, from: data)) ?? []
    }

    static let xWing: [XWingVector] = load("xwing-test-vectors")
    static let mlDSA: [MLDSAVector] = load("mldsa65-keygen-kat")

    /// RFC 8032 §7.1, TEST 1: an Ed25519 secret key and its public key.
    static let ed25519 = (
        secret: Data(hex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"),
        public: Data(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    )

    @Test("the fixtures load: 3 X-Wing vectors and 5 ML-DSA-65 key generations")
    func fixtures() {
        #expect(Self.xWing.count == 3)
        #expect(Self.mlDSA.count == 5)
    }

    @Test("an identity's X-Wing key from the published seed is the published public key", arguments: xWing)
    func xWingPublicKey(_ vector: XWingVector) throws {
        // The draft's decapsulation key is the 32-byte seed the key pair is expanded from.
        #expect(vector.sk == vector.seed)
        let identity = try E2EIdentity(
            kind: .postQuantum, secret: Data(hex: vector.sk) + Self.ed25519.secret + Data(hex: Self.mlDSA[0].seed))
        #expect(identity.publicKey.kemKey.hex == vector.pk.lowercased())
        #expect(identity.publicKey.kemKey.count == E2EKeyKind.postQuantum.kemPublicKeySize)
    }

    @Test("an identity's ML-DSA-65 key from the published seed is the published public key", arguments: mlDSA)
    func mlDSAPublicKey(_ vector: MLDSAVector) throws {
        let identity = try E2EIdentity(
            kind: .postQuantum, secret: Data(hex: Self.xWing[0].sk) + Self.ed25519.secret + Data(hex: vector.seed))
        #expect(identity.publicKey.signingKey.prefix(32) == Self.ed25519.public)
        #expect(identity.publicKey.signingKey.dropFirst(32).hex == vector.pk.lowercased())
    }

    @Test(
        "sealed to the published public keys, a signed message opens with the identity made from the published seeds",
        arguments: zip(xWing, mlDSA))
    func sealToPublishedKeys(_ kem: XWingVector, _ signing: MLDSAVector) throws {
        let published = try E2EPublicKey(
            kind: .postQuantum, bytes: Data(hex: kem.pk) + Self.ed25519.public + Data(hex: signing.pk))
        let identity = try E2EIdentity(
            kind: .postQuantum, secret: Data(hex: kem.sk) + Self.ed25519.secret + Data(hex: signing.seed))
        let message = Data("sealed to published keys".utf8)
        let sealed = try E2E.seal(message, to: [published], from: identity)
        let opened = try E2E.open(sealed, with: identity, from: published)
        #expect(opened.plaintext == message)
        #expect(opened.sender == published)

        // The identity's ML-DSA-65 signature verifies under the published key, read by swift-crypto.
        let signature = try identity.sign(message)
        let mlDSAKey = try MLDSA65.PublicKey(rawRepresentation: Data(hex: signing.pk))
        #expect(
            mlDSAKey.isValidSignature(
                signature.dropFirst(64), for: message, context: E2EEnvelope.signatureContext))

        // An HPKE entry that swift-crypto seals to the published X-Wing key opens with the identity.
        let suite = HPKE.Ciphersuite(kem: .XWingMLKEM768X25519, kdf: .HKDF_SHA256, aead: .chaChaPoly)
        var sender = try HPKE.Sender(
            recipientKey: try XWingMLKEM768X25519.PublicKey(rawRepresentation: Data(hex: kem.pk)), ciphersuite: suite,
            info: E2EEnvelope.hpkeInfo)
        let fileKey = Data((0..<32).map { UInt8($0) })
        let wrapped = try sender.seal(fileKey, authenticating: Data("aad".utf8))
        let unwrapped = identity.unwrap(
            enc: sender.encapsulatedKey, ciphertext: wrapped, suite: suite, aad: Data("aad".utf8))
        #expect(unwrapped == fileKey)
    }
}
