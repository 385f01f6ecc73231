import Crypto
import Foundation
import RampartIO
import RampartSeal
import RampartTestSupport
import Testing

@testable import RampartE2E

/// Key commitment (envelope version 2): the header MAC, under a key derived from the file key,
/// ties an envelope to one file key, so a malicious sender cannot wrap different file keys for
/// different recipients and show each of them another plaintext ("invisible salamanders":
/// ChaCha20-Poly1305 does not commit to its key). Version 1 envelopes, which had no MAC, are refused.
@Suite("E2E: key commitment", .timeLimit(.minutes(10)))
struct E2EKeyCommitmentTests {
    /// The age STREAM nonce of a single, final chunk: counter 0, last flag 1.
    static let lastChunkNonce = Data(count: 11) + Data([1])

    /// The first keystream byte of ChaCha20 at block 1 under `key` (what the first plaintext byte
    /// of the chunk is XORed with).
    static func firstKeystreamByte(_ key: SymmetricKey) throws -> UInt8 {
        let box = try ChaChaPoly.seal(Data([0]), using: key, nonce: try ChaChaPoly.Nonce(data: lastChunkNonce))
        return box.ciphertext.first ?? 0
    }

    @Test("an envelope whose entries wrap two file keys opens for one recipient at most")
    func invisibleSalamander() async throws {
        let bob = try E2EIdentity.generate(.classic)
        let carol = try E2EIdentity.generate(.classic)
        let keyA = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let keyB = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        // A malicious sender: file key A for Bob, file key B for Carol, in one header.
        var envelope = E2EEnvelope(
            kind: .classic, aead: .chaCha20Poly1305,
            entries: [
                E2EEnvelope.Entry(enc: Data(), wrappedKey: Data()), E2EEnvelope.Entry(enc: Data(), wrappedKey: Data()),
            ],
            nonce: Data(count: 16))
        let aad = envelope.prefix
        for (index, (recipient, key)) in [(bob.publicKey, keyA), (carol.publicKey, keyB)].enumerated() {
            let (enc, wrapped) = try recipient.wrap(key, suite: envelope.suite, aad: aad)
            envelope.entries[index] = E2EEnvelope.Entry(enc: enc, wrappedKey: wrapped)
        }
        // Both plaintexts must start with the anonymous sender block (0x00): choose a nonce for which
        // both payload keys' keystreams start with the same byte (1 in 256).
        var payloadKeys: (SymmetricKey, SymmetricKey)?
        for attempt in 0..<20_000 {
            envelope.nonce = Data(SHA256.hash(data: Data("nonce \(attempt)".utf8)).prefix(16))
            envelope.sealMAC(fileKey: keyA)  // the MAC can be right for one file key only
            let (first, second) = (envelope.payloadKey(fileKey: keyA), envelope.payloadKey(fileKey: keyB))
            if try Self.firstKeystreamByte(first) == Self.firstKeystreamByte(second) {
                payloadKeys = (first, second)
                break
            }
        }
        let (payloadA, payloadB) = try #require(payloadKeys)
        let raw = { (key: SymmetricKey) in key.withUnsafeBytes { Data($0) }.hex }
        let answer = try await Self.python(
            script: "salamander",
            input: try JSONSerialization.data(withJSONObject: [
                "key1": raw(payloadA), "key2": raw(payloadB), "nonce": Self.lastChunkNonce.hex,
            ]))
        let body = Data(hex: try #require(answer["sealed"] as? String))
        // The body alone is a salamander: it authenticates under both payload keys, to two plaintexts.
        let nonce = try ChaChaPoly.Nonce(data: Self.lastChunkNonce)
        let box = try ChaChaPoly.SealedBox(nonce: nonce, ciphertext: body.dropLast(16), tag: body.suffix(16))
        let plaintextA = try ChaChaPoly.open(box, using: payloadA)
        let plaintextB = try ChaChaPoly.open(box, using: payloadB)
        #expect(plaintextA != plaintextB)
        #expect(plaintextA.first == 0 && plaintextB.first == 0)

        let sealed = envelope.encoded + body
        // Without a commitment both would open it, each to another message. With it, Bob (whose
        // file key the MAC was made with) reads his; Carol refuses before reading the body.
        let bobs = try E2E.open(sealed, with: bob)
        #expect(bobs.plaintext == plaintextA.dropFirst())
        do {
            let carols = try E2E.open(sealed, with: carol)
            Issue.record("Carol opened the envelope to \(carols.plaintext.count) other bytes: no key commitment")
        } catch {
            guard case .tampered(let detail) = error else { Issue.record("expected tampered, got \(error)"); return }
            #expect(detail.contains("header MAC"))
        }
    }

    @Test("a header MAC made with another file key, or altered, is refused before the body")
    func macMismatch() throws {
        let bob = try E2EIdentity.generate(.classic)
        let sealed = try E2E.seal(Data("hello".utf8), to: [bob.publicKey])
        var source = DataSource(sealed)
        var header = try E2EEnvelope.parse(from: &source)
        #expect(header.mac.count == 32)
        header.sealMAC(fileKey: Data(count: 32))
        let forged = header.encoded + sealed.dropFirst(header.encoded.count)
        do {
            _ = try E2E.open(forged, with: bob)
            Issue.record("a header MAC under another file key was accepted")
        } catch {
            guard case .tampered = error else { Issue.record("expected tampered, got \(error)"); return }
        }
    }

    @Test("a version 1 envelope (no key commitment) is refused as malformed, naming the version")
    func versionOneRefused() throws {
        // A real version 1 envelope, sealed by Rampart before version 2 to the fuzz target's fixed
        // identity (secret bytes 1…64); see Fixtures/ORIGIN-e2e.md.
        let url = try #require(
            Bundle.module.url(forResource: "v1-envelope", withExtension: "e2e", subdirectory: "Fixtures"))
        let old = try Data(contentsOf: url)
        #expect(old.prefix(8) == Data("RAMPE2E".utf8) + Data([1]))
        let identity = try E2EIdentity(kind: .classic, secret: Data((1...64).map { UInt8($0) }))
        do {
            _ = try E2E.open(old, with: identity)
            Issue.record("a version 1 envelope was opened")
        } catch {
            guard case .malformed(let detail) = error else { Issue.record("expected malformed, got \(error)"); return }
            #expect(detail.contains("version 1"))
            #expect(detail.contains("seal it again"))
        }
        // What Rampart writes now is version 2.
        let sealed = try E2E.seal(Data("x".utf8), to: [identity.publicKey])
        #expect(sealed[sealed.startIndex + 7] == 2)
    }

    /// Runs `Fixtures/<script>.py` with the peers' Python (cryptography, pyhpke) and decodes its JSON.
    static func python(script: String, input: Data, arguments: [String] = []) async throws -> [String: Any] {
        guard let python = PeerTools.python else {
            Issue.record("the peers' virtualenv is missing: run Scripts/test, which installs pyhpke and cryptography")
            throw PeerProcess.Failure.notInstalled("python3 (peers virtualenv)")
        }
        let url = try #require(Bundle.module.url(forResource: script, withExtension: "py", subdirectory: "Fixtures"))
        let result = try await PeerProcess.runAsync(python.path, [url.path] + arguments, input: input)
        #expect(result.exitCode == 0, "\(script).py: \(result.standardErrorText)")
        return (try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]) ?? [:]
    }
}
