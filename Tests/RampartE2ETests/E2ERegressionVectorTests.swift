import Crypto
import Foundation
import RampartIO
import RampartSeal
import RampartTestSupport
import Testing

@testable import RampartE2E

/// Regression vectors for Rampart's own envelope: `Fixtures/e2e-vectors.json` was written by this
/// code (``generate()``), so it proves the format does not change, not that it is right. The vectors
/// are opened, their derived keys recomputed, and each reproducible envelope sealed again from its
/// recorded random inputs (file key, nonce, HPKE entries) and compared byte for byte, so a change of
/// the wire format cannot stay green. Safety numbers and key IDs too. What is checked independently:
/// the classic and P-256 vectors are opened by a reader in Python (`Fixtures/e2e_reader.py`, pyhpke
/// and cryptography only); pyhpke has no X-Wing, so for the post-quantum kind the keys are held to
/// published X-Wing and ML-DSA-65 known answers instead (``E2EPostQuantumKnownAnswerTests``).
@Suite("E2E: envelope regression vectors", .timeLimit(.minutes(10)))
struct E2ERegressionVectorTests {
    static let file = try? E2EVectorFile.load()
    static var vectors: [E2EVector] { file?.vectors ?? [] }
    static var safetyNumbers: [SafetyNumberVector] { file?.safetyNumbers ?? [] }

    @Test("the vectors file is there and covers every kind, anonymous and signed")
    func coverage() throws {
        let file = try #require(Self.file, "Fixtures/e2e-vectors.json does not load")
        #expect(Set(file.vectors.map(\.kind)) == ["classic", "nist", "post-quantum"])
        #expect(file.vectors.contains { $0.sender == nil } && file.vectors.contains { $0.sender != nil })
        #expect(file.vectors.contains { $0.recipients.count > 1 })
        #expect(file.vectors.contains { Data(hex: $0.message).count > AgeStream.chunkSize })
        #expect(file.safetyNumbers.count >= 3)
    }

    @Test("keys: identity lines, public keys, typed bytes and key IDs", arguments: vectors)
    func keys(_ vector: E2EVector) throws {
        for key in vector.recipients + (vector.sender.map { [$0] } ?? []) {
            let identity = try E2EIdentity(kind: vector.keyKind, secret: Data(hex: key.secret))
            #expect(identity.secretText == key.identity)
            #expect(try E2EIdentity(key.identity).publicKey == identity.publicKey)
            #expect(identity.publicKey.description == key.publicKey)
            #expect(identity.publicKey.typedBytes.hex == key.typedKey)
            #expect(identity.publicKey.keyID == key.keyID)
        }
    }

    @Test("every recipient opens the envelope to the message and sender", arguments: vectors)
    func open(_ vector: E2EVector) throws {
        let envelope = Data(hex: vector.envelope)
        #expect(envelope.prefix(8) == Data("RAMPE2E".utf8) + Data([2]))
        for key in vector.recipients {
            let identity = try E2EIdentity(key.identity)
            let expected = try vector.sender.map { try E2EPublicKey($0.publicKey) }
            let opened = try E2E.open(envelope, with: identity, from: expected)
            #expect(opened.plaintext == Data(hex: vector.message))
            #expect(opened.sender?.description == vector.sender?.publicKey)
        }
    }

    @Test("header, entries, header MAC and payload key are the published ones", arguments: vectors)
    func derivedKeys(_ vector: E2EVector) throws {
        var source = DataSource(Data(hex: vector.envelope))
        let header = try E2EEnvelope.parse(from: &source)
        let fileKey = Data(hex: vector.fileKey)
        #expect(header.kind == vector.keyKind)
        #expect(header.aead.hpkeID == vector.aeadID)
        #expect(header.nonce.hex == vector.nonce)
        #expect(header.mac.hex == vector.headerMAC)
        #expect(header.computeMAC(fileKey: fileKey).hex == vector.headerMAC)
        #expect(header.payloadKey(fileKey: fileKey).withUnsafeBytes { Data($0) }.hex == vector.payloadKey)
        #expect(header.entries.count == vector.recipients.count)
        for (entry, key) in zip(header.entries, vector.recipients) {
            let identity = try E2EIdentity(key.identity)
            let unwrapped = identity.unwrap(
                enc: entry.enc, ciphertext: entry.wrappedKey, suite: header.suite, aad: header.prefix)
            #expect(unwrapped == fileKey, "the entry for \(key.keyID) wraps the file key")
        }
    }

    @Test("sealing again from the recorded inputs gives the published bytes", arguments: vectors)
    func reseal(_ vector: E2EVector) throws {
        let published = Data(hex: vector.envelope)
        var source = DataSource(published)
        let header = try E2EEnvelope.parse(from: &source)
        let randomness = E2ESealRandomness(
            fileKey: Data(hex: vector.fileKey), nonce: Data(hex: vector.nonce), entries: header.entries)
        var message = DataSource(Data(hex: vector.message))
        var sink = DataSink()
        try E2E.seal(
            from: &message, to: &sink, recipients: try vector.recipients.map { try E2EPublicKey($0.publicKey) },
            sender: try vector.sender.map { try E2EIdentity($0.identity) },
            aead: try #require(E2EKeyWrapAEAD(hpkeID: vector.aeadID)), randomness: randomness)
        if vector.reproducible {
            #expect(sink.data == published, "the envelope bytes changed: a wire-format change")
        } else {
            // ML-DSA-65 signs with fresh randomness: the header and the length still match.
            #expect(sink.data.prefix(header.encoded.count) == header.encoded)
            #expect(sink.data.count == published.count)
            #expect(
                try E2E.open(sink.data, with: E2EIdentity(vector.recipients[0].identity)).plaintext
                    == Data(hex: vector.message))
        }
    }

    @Test("safety numbers", arguments: safetyNumbers)
    func safetyNumber(_ vector: SafetyNumberVector) throws {
        let (first, second) = (try E2EPublicKey(vector.first), try E2EPublicKey(vector.second))
        #expect(E2ESafetyNumber(first, second).digits == vector.digits)
        #expect(E2ESafetyNumber(second, first).digits == vector.digits)
        #expect(E2ESafetyNumber(first, second).qrPayload == vector.qrPayload)
    }

    @Test("an independent Python reader (pyhpke + cryptography) opens the classic and P-256 vectors")
    func pythonReader() async throws {
        let url = try #require(
            Bundle.module.url(forResource: "e2e-vectors", withExtension: "json", subdirectory: "Fixtures"))
        let answer = try await E2EKeyCommitmentTests.python(script: "e2e_reader", input: Data(), arguments: [url.path])
        let opened = try #require(answer["vectors"] as? [String: [[String: Any]]])
        let readable = Self.vectors.filter { $0.kind != "post-quantum" }
        #expect(!readable.isEmpty)
        for vector in readable {
            let results = try #require(opened[vector.name], "the reader skipped \(vector.name)")
            #expect(results.count == vector.recipients.count)
            for result in results {
                #expect(result["error"] == nil, "\(vector.name): \(result["error"] ?? "")")
                #expect(result["message"] as? String == vector.message, "\(vector.name)")
                #expect(result["sender"] as? String == vector.sender?.typedKey, "\(vector.name)")
                #expect(result["payloadKey"] as? String == vector.payloadKey, "\(vector.name)")
            }
        }
        let keyIDs = try #require(answer["keyIDs"] as? [String: String])
        for key in Self.vectors.flatMap({ $0.recipients + ($0.sender.map { [$0] } ?? []) }) {
            #expect(keyIDs[key.typedKey] == key.keyID)
        }
        let numbers = try #require(answer["safetyNumbers"] as? [String])
        #expect(numbers == Self.safetyNumbers.map(\.digits))
        // A tampered vector is refused by the reader too (it is a real check, not an echo).
        #expect((answer["tamperedRefused"] as? Bool) == true)
    }

    // MARK: - Generator

    /// Regenerates `Fixtures/e2e-vectors.json`: `RAMPART_WRITE_E2E_VECTORS=1 swift test --filter
    /// "E2ERegressionVectorTests/generate"`. Keys, file keys, nonces and messages are derived from labels;
    /// the HPKE encapsulations are drawn by swift-crypto, so the entries (and with them the
    /// envelopes) differ from run to run: regenerate only when the format changes on purpose.
    @Test(
        "generate the vectors (only with RAMPART_WRITE_E2E_VECTORS=1)",
        .enabled(if: ProcessInfo.processInfo.environment["RAMPART_WRITE_E2E_VECTORS"] == "1"))
    func generate() throws {
        func bytes(_ label: String, _ count: Int) -> Data {
            var out = Data()
            var counter = 0
            while out.count < count {
                out += Data(SHA256.hash(data: Data("rampart-e2e vector \(label) \(counter)".utf8)))
                counter += 1
            }
            return out.prefix(count)
        }
        func identity(_ label: String, _ kind: E2EKeyKind) throws -> (E2EIdentity, E2EKeyVector) {
            let secret =
                bytes(label + " kem", 32) + bytes(label + " ed25519", 32)
                + (kind == .postQuantum ? bytes(label + " ml-dsa-65", 32) : Data())
            let identity = try E2EIdentity(kind: kind, secret: secret)
            return (
                identity,
                E2EKeyVector(
                    secret: secret.hex, identity: identity.secretText, publicKey: identity.publicKey.description,
                    typedKey: identity.publicKey.typedBytes.hex, keyID: identity.publicKey.keyID)
            )
        }
        func label(_ kind: E2EKeyKind) -> String {
            kind == .classic ? "classic" : kind == .nist ? "nist" : "post-quantum"
        }
        let pattern = Data((0..<70_000).map { UInt8($0 * 31 % 251) })
        let cases: [(String, E2EKeyKind, E2EKeyWrapAEAD, Int, Bool, Data)] = [
            ("classic-anonymous-empty", .classic, .chaCha20Poly1305, 1, false, Data()),
            ("classic-signed-two-recipients", .classic, .chaCha20Poly1305, 2, true, Data("meet at noon".utf8)),
            ("classic-aes-signed-two-chunks", .classic, .aes256GCM, 1, true, pattern),
            ("nist-signed", .nist, .aes256GCM, 1, true, Data("P-256 to P-256".utf8)),
            ("nist-anonymous-two-recipients", .nist, .aes256GCM, 2, false, Data("to both".utf8)),
            ("post-quantum-anonymous", .postQuantum, .chaCha20Poly1305, 1, false, Data("post-quantum".utf8)),
            ("post-quantum-signed", .postQuantum, .chaCha20Poly1305, 1, true, Data("signed post-quantum".utf8)),
        ]
        var vectors: [E2EVector] = []
        for (name, kind, aead, count, signed, message) in cases {
            let recipients = try (0..<count).map { try identity("\(label(kind)) recipient \($0)", kind) }
            let sender = signed ? try identity("\(label(kind)) sender", kind) : nil
            let randomness = E2ESealRandomness(
                fileKey: bytes(name + " file key", 32), nonce: bytes(name + " nonce", 16))
            var source = DataSource(message)
            var sink = DataSink()
            try E2E.seal(
                from: &source, to: &sink, recipients: recipients.map(\.0.publicKey), sender: sender?.0, aead: aead,
                randomness: randomness)
            var parsed = DataSource(sink.data)
            let header = try E2EEnvelope.parse(from: &parsed)
            vectors.append(
                E2EVector(
                    name: name, kind: label(kind),
                    aeadID: header.aead.hpkeID, recipients: recipients.map(\.1), sender: sender?.1,
                    fileKey: randomness.fileKey.hex, nonce: randomness.nonce.hex, headerMAC: header.mac.hex,
                    payloadKey: header.payloadKey(fileKey: randomness.fileKey).withUnsafeBytes { Data($0) }.hex,
                    message: message.hex, envelope: sink.data.hex, reproducible: !(signed && kind == .postQuantum)))
        }
        let pairs: [(E2EKeyKind, String, E2EKeyKind, String)] = [
            (.classic, "classic recipient 0", .classic, "classic sender"),
            (.nist, "nist recipient 0", .nist, "nist sender"),
            (.postQuantum, "post-quantum recipient 0", .postQuantum, "post-quantum sender"),
            (.classic, "classic recipient 1", .postQuantum, "post-quantum recipient 0"),
        ]
        let numbers = try pairs.map { firstKind, firstLabel, secondKind, secondLabel in
            let first = try identity(firstLabel, firstKind).0.publicKey
            let second = try identity(secondLabel, secondKind).0.publicKey
            let number = E2ESafetyNumber(first, second)
            return SafetyNumberVector(
                first: first.description, second: second.description, digits: number.digits,
                qrPayload: number.qrPayload)
        }
        let file = E2EVectorFile(
            origin:
                "Generated by E2ERegressionVectorTests.generate (RAMPART_WRITE_E2E_VECTORS=1) for envelope version 2; "
                + "see ORIGIN-e2e.md", vectors: vectors, safetyNumbers: numbers)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(file).write(to: E2EVectorFile.sourceURL)
    }
}
