import Crypto
import Foundation
import RampartTestSupport
import Testing

/// swift-crypto's HPKE (what RampartE2E uses) against pyhpke, an independent Python implementation
/// run as a real process from the peers' virtualenv: pyhpke seals and Rampart opens, and the other
/// way round, for the DHKEM suites both speak (pyhpke has no X-Wing), in base and auth modes.
@Suite("HPKE: pyhpke interoperability", .timeLimit(.minutes(10)))
struct PyHPKEPeerTests {
    struct Suite: Sendable, CustomStringConvertible {
        let name: String
        let kem: Int
        let aead: Int
        var description: String { name }
        var ciphersuite: HPKE.Ciphersuite {
            HPKE.Ciphersuite(
                kem: kem == 0x20 ? .Curve25519_HKDF_SHA256 : .P256_HKDF_SHA256, kdf: .HKDF_SHA256,
                aead: aead == 3 ? .chaChaPoly : .AES_GCM_256)
        }
    }

    static let suites = [
        Suite(name: "X25519 + HKDF-SHA256 + ChaCha20-Poly1305", kem: 0x20, aead: 3),
        Suite(name: "X25519 + HKDF-SHA256 + AES-256-GCM", kem: 0x20, aead: 2),
        Suite(name: "P-256 + HKDF-SHA256 + AES-256-GCM", kem: 0x10, aead: 2),
    ]

    /// The peer: one JSON request on standard input, one JSON answer on standard output.
    static let script = """
        import json, sys
        from pyhpke import AEADId, CipherSuite, KDFId, KEMId
        r = json.load(sys.stdin)
        suite = CipherSuite.new(KEMId(r["kem"]), KDFId.HKDF_SHA256, AEADId(r["aead"]))
        h = bytes.fromhex
        info, aad = h(r["info"]), h(r["aad"])
        if r["op"] == "seal":
            pkr = suite.kem.deserialize_public_key(h(r["pkR"]))
            sks = suite.kem.deserialize_private_key(h(r["skS"])) if r.get("skS") else None
            enc, ctx = suite.create_sender_context(pkr, info=info, sks=sks)
            print(json.dumps({"enc": enc.hex(), "ct": ctx.seal(h(r["pt"]), aad=aad).hex()}))
        else:
            skr = suite.kem.deserialize_private_key(h(r["skR"]))
            pks = suite.kem.deserialize_public_key(h(r["pkS"])) if r.get("pkS") else None
            ctx = suite.create_recipient_context(h(r["enc"]), skr, info=info, pks=pks)
            print(json.dumps({"pt": ctx.open(h(r["ct"]), aad=aad).hex()}))
        """

    static func peer(_ request: [String: Any]) async throws -> [String: String] {
        guard let python = PeerTools.python else {
            Issue.record("the peers' virtualenv is missing: run Scripts/test, which installs pyhpke")
            throw PeerProcess.Failure.notInstalled("python3 (peers virtualenv)")
        }
        let input = try JSONSerialization.data(withJSONObject: request)
        let result = try await PeerProcess.runAsync(python.path, ["-c", script], input: input)
        #expect(result.exitCode == 0, "pyhpke: \(result.standardErrorText)")
        return (try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: String]) ?? [:]
    }

    /// A key pair of the suite's KEM as (private raw, public serialised) plus the HPKE key types.
    struct KeyPair {
        let x25519: Curve25519.KeyAgreement.PrivateKey?
        let p256: P256.KeyAgreement.PrivateKey?
        init(kem: Int) {
            x25519 = kem == 0x20 ? Curve25519.KeyAgreement.PrivateKey() : nil
            p256 = kem == 0x10 ? P256.KeyAgreement.PrivateKey() : nil
        }
        var privateHex: String { (x25519?.rawRepresentation ?? p256?.rawRepresentation ?? Data()).hex }
        var publicHex: String {
            (x25519?.publicKey.rawRepresentation ?? p256?.publicKey.x963Representation ?? Data()).hex
        }
    }

    static let info = Data("rampart-e2e interop".utf8)
    static let aad = Data("header".utf8)

    @Test("pyhpke seals, Rampart opens (base and auth)", arguments: suites, [false, true])
    func pyhpkeToRampart(_ suite: Suite, authenticated: Bool) async throws {
        let recipient = KeyPair(kem: suite.kem)
        let sender = KeyPair(kem: suite.kem)
        let plaintext = Data("from Python to Swift \(suite.name)".utf8)
        var request: [String: Any] = [
            "op": "seal", "kem": suite.kem, "aead": suite.aead, "info": Self.info.hex, "aad": Self.aad.hex,
            "pkR": recipient.publicHex, "pt": plaintext.hex,
        ]
        if authenticated { request["skS"] = sender.privateHex }
        let answer = try await Self.peer(request)
        let enc = Data(hex: answer["enc"] ?? ""), ct = Data(hex: answer["ct"] ?? "")
        var opener: HPKE.Recipient
        switch (recipient.x25519, recipient.p256, authenticated) {
        case (let key?, _, false):
            opener = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite.ciphersuite, info: Self.info, encapsulatedKey: enc)
        case (let key?, _, true):
            opener = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite.ciphersuite, info: Self.info, encapsulatedKey: enc,
                authenticatedBy: try #require(sender.x25519).publicKey)
        case (_, let key?, false):
            opener = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite.ciphersuite, info: Self.info, encapsulatedKey: enc)
        case (_, let key?, true):
            opener = try HPKE.Recipient(
                privateKey: key, ciphersuite: suite.ciphersuite, info: Self.info, encapsulatedKey: enc,
                authenticatedBy: try #require(sender.p256).publicKey)
        default:
            Issue.record("no key")
            return
        }
        #expect(try opener.open(ct, authenticating: Self.aad) == plaintext)
        if authenticated {
            // The wrong sender key does not open an auth-mode message.
            let stranger = KeyPair(kem: suite.kem)
            if let key = recipient.x25519, let other = stranger.x25519 {
                var wrong = try HPKE.Recipient(
                    privateKey: key, ciphersuite: suite.ciphersuite, info: Self.info, encapsulatedKey: enc,
                    authenticatedBy: other.publicKey)
                #expect(throws: (any Error).self) { try wrong.open(ct, authenticating: Self.aad) }
            }
        }
    }

    @Test("Rampart seals, pyhpke opens (base and auth)", arguments: suites, [false, true])
    func rampartToPyhpke(_ suite: Suite, authenticated: Bool) async throws {
        let recipient = KeyPair(kem: suite.kem)
        let sender = KeyPair(kem: suite.kem)
        let plaintext = Data("from Swift to Python \(suite.name)".utf8)
        var seal: HPKE.Sender
        switch (recipient.x25519, recipient.p256, authenticated) {
        case (let key?, _, false):
            seal = try HPKE.Sender(recipientKey: key.publicKey, ciphersuite: suite.ciphersuite, info: Self.info)
        case (let key?, _, true):
            seal = try HPKE.Sender(
                recipientKey: key.publicKey, ciphersuite: suite.ciphersuite, info: Self.info,
                authenticatedBy: try #require(sender.x25519))
        case (_, let key?, false):
            seal = try HPKE.Sender(recipientKey: key.publicKey, ciphersuite: suite.ciphersuite, info: Self.info)
        case (_, let key?, true):
            seal = try HPKE.Sender(
                recipientKey: key.publicKey, ciphersuite: suite.ciphersuite, info: Self.info,
                authenticatedBy: try #require(sender.p256))
        default:
            Issue.record("no key")
            return
        }
        let ct = try seal.seal(plaintext, authenticating: Self.aad)
        var request: [String: Any] = [
            "op": "open", "kem": suite.kem, "aead": suite.aead, "info": Self.info.hex, "aad": Self.aad.hex,
            "skR": recipient.privateHex, "enc": seal.encapsulatedKey.hex, "ct": ct.hex,
        ]
        if authenticated { request["pkS"] = sender.publicHex }
        let answer = try await Self.peer(request)
        #expect(answer["pt"] == plaintext.hex)
    }
}
