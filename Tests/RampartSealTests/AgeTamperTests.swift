import Foundation
import RampartIO
import RampartSeal
import Testing

/// What a user relies on when a file was altered, cut short, or opened with the wrong key.
@Suite("age v1: tampering, truncation and wrong keys")
struct AgeTamperTests {
    @Test("flipping any byte of a file (header, MAC, nonce, chunks, tags) is detected")
    func everyByteFlip() throws {
        let identity = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(70_000)
        let sealed = try Age.encrypt(plaintext, to: [identity.recipient])
        // Every header byte, then a stride through the payload that hits nonce, both chunks and tags.
        let headerEnd = sealed.firstRange(of: Data("\n--- ".utf8)).map { $0.upperBound + 44 } ?? 0
        let positions =
            Array(0..<headerEnd) + Array(stride(from: headerEnd, to: sealed.count, by: 97)) + [sealed.count - 1]
        for position in positions {
            var altered = sealed
            altered[position] ^= 0x01
            var sink = DataSink()
            var source = DataSource(altered)
            do {
                try Age.decrypt(from: &source, to: &sink, identities: [identity])
                Issue.record("a flip at byte \(position) went unnoticed")
            } catch {
                // Whatever was released before the error must be a prefix of the real plaintext.
                #expect(plaintext.starts(with: sink.data), "byte \(position) released altered plaintext")
            }
        }
    }

    @Test("cutting the file at any chunk boundary, or inside a chunk, is reported as truncation or damage")
    func truncation() throws {
        let identity = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(3 * AgeStream.chunkSize + 100)
        let sealed = try Age.encrypt(plaintext, to: [identity.recipient])
        let payloadStart = sealed.count - (plaintext.count + 4 * 16) - 16
        var cuts: [Int] = []
        for chunk in 0...3 { cuts.append(payloadStart + 16 + chunk * AgeStream.sealedChunkSize) }
        cuts += [payloadStart + 8, payloadStart + 16 + 1000, sealed.count - 1]
        for cut in cuts {
            #expect(throws: SealError.self, "cut at \(cut)") { try Age.decrypt(sealed.prefix(cut), with: [identity]) }
        }
        // At a chunk boundary the error says the file was cut short.
        do {
            _ = try Age.decrypt(sealed.prefix(payloadStart + 16 + 2 * AgeStream.sealedChunkSize), with: [identity])
        } catch {
            guard case .truncated = error else {
                Issue.record("expected .truncated, got \(error)")
                return
            }
        }
    }

    @Test("the wrong identity or passphrase is told apart from damage")
    func wrongCredentials() throws {
        let sealed = try Age.encrypt(Data("hello".utf8), to: [X25519Identity.generate().recipient])
        do {
            _ = try Age.decrypt(sealed, with: [X25519Identity.generate()])
            Issue.record("a stranger's identity opened the file")
        } catch {
            guard case .wrongCredentials = error else {
                Issue.record("expected .wrongCredentials, got \(error)")
                return
            }
        }
        let byPassphrase = try Age.encrypt(
            Data("hello".utf8), to: [ScryptRecipient(passphrase: "right", workFactor: 10)])
        do {
            _ = try Age.decrypt(byPassphrase, with: [ScryptIdentity(passphrase: "wrong")])
            Issue.record("a wrong passphrase opened the file")
        } catch {
            guard case .wrongCredentials = error else {
                Issue.record("expected .wrongCredentials, got \(error)")
                return
            }
        }
    }

    @Test("a passphrase can't be mixed with other recipients, and work factors are bounded")
    func scryptRules() throws {
        #expect(throws: SealError.self) {
            try Age.encrypt(
                Data(), to: [try ScryptRecipient(passphrase: "a", workFactor: 10), X25519Identity.generate().recipient])
        }
        #expect(throws: SealError.self) { try ScryptRecipient(passphrase: "a", workFactor: 23) }
        let byPassphrase = try Age.encrypt(Data("token".utf8), passphrase: "pw", workFactor: 10, armored: true)
        #expect(try Age.decrypt(byPassphrase, passphrase: "pw") == Data("token".utf8))
        #expect(throws: SealError.self) { try Age.decrypt(byPassphrase, passphrase: "not it") }
        #expect(throws: SealError.self) { try ScryptRecipient(passphrase: "", workFactor: 10) }
        let sealed = try Age.encrypt(Data("x".utf8), to: [ScryptRecipient(passphrase: "pw", workFactor: 14)])
        #expect(throws: SealError.self) {
            try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: "pw", maxWorkFactor: 12)])
        }
        #expect(try Age.decrypt(sealed, with: [ScryptIdentity(passphrase: "pw")]) == Data("x".utf8))
    }

    @Test("round trips at every size, binary and armored, and the async chunk stream", arguments: SealTestSupport.sizes)
    func roundTrip(size: Int) async throws {
        let identity = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(size)
        for armored in [false, true] {
            let sealed = try Age.encrypt(plaintext, to: [identity.recipient], armored: armored)
            #expect(try Age.decrypt(sealed, with: [identity]) == plaintext)
        }
        let folder = try SealTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("plain").path
        let output = folder.appendingPathComponent("sealed.age").path
        try plaintext.write(to: URL(fileURLWithPath: input))
        try Age.encrypt(file: input, to: .file(output, replacing: false), recipients: [identity.recipient])
        var collected = Data()
        var chunks = 0
        for try await chunk in Age.decryptedChunks(of: output, identities: [identity]) {
            collected.append(chunk)
            chunks += 1
        }
        #expect(collected == plaintext)
        var streamed = Data()
        for try await piece in Age.encryptedChunks(of: input, recipients: [identity.recipient]) {
            streamed.append(piece)
        }
        #expect(try Age.decrypt(streamed, with: [identity]) == plaintext)
        #expect((chunks == 0) == (size == 0), "an empty file yields no chunks, any other at least one")
    }

    @Test("keys round-trip through their text forms, and bad keys are refused without echoing secrets")
    func keys() throws {
        let identity = X25519Identity.generate()
        let reread = try X25519Identity(identity.secretText)
        #expect("\(reread.recipient)" == "\(identity.recipient)")
        #expect(try X25519Recipient("\(identity.recipient)").description == "\(identity.recipient)")
        var broken = identity.secretText
        // Change the last character (a bech32 checksum character) to a different one.
        let last = broken.removeLast()
        broken += last == "Q" ? "P" : "Q"
        do {
            _ = try X25519Identity(broken)
            Issue.record("a mistyped identity was accepted")
        } catch {
            #expect(!"\(error)".contains(broken), "the error message must not contain the secret")
        }
        #expect(throws: SealError.self) { try X25519Recipient("age1notarecipient") }
        #expect(throws: SealError.self) { try AgeKeyFile.identities(in: "# only a comment\n", source: "x") }
    }
}
