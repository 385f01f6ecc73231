import Crypto
import Foundation
import RampartIO
import RampartSeal
import Testing

/// Encrypting then decrypting gives the plaintext back, whichever mix of one-shot and streaming
/// (at whichever chunk size) is used on each side.
@Suite("RNCryptor v3: round trips")
struct RNCryptorRoundTripTests {
    static let sizes = [0, 1, 15, 16, 17, 65535, 65536, 65537, 3 << 20]
    static let chunkSizes = [7, 4096, 65536, 1 << 20]

    static func plaintext(_ size: Int) -> Data { SealTestSupport.payload(size) }

    @Test("password-based", arguments: sizes)
    func passwordBased(_ size: Int) throws {
        let password = "pässwörd 密码"
        let plaintext = Self.plaintext(size)
        let message = try RNCryptor.encrypt(plaintext, password: password)
        #expect(message.count == 34 + (size / 16 + 1) * 16 + 32)
        #expect(try RNCryptor.decrypt(message, password: password) == plaintext)
        for chunkSize in Self.chunkSizes where size < 1 << 20 || chunkSize >= 4096 {
            var source = DataSource(plaintext)
            var sink = DataSink()
            try RNCryptor.encrypt(from: &source, to: &sink, password: password, chunkSize: chunkSize)
            #expect(try RNCryptor.decrypt(sink.data, password: password) == plaintext, "chunk \(chunkSize)")
            var messageSource = RNCryptorTrickleSource(message, limit: chunkSize)
            var plaintextSink = DataSink()
            try RNCryptor.decrypt(from: &messageSource, to: &plaintextSink, password: password, chunkSize: chunkSize)
            #expect(plaintextSink.data == plaintext, "chunk \(chunkSize)")
        }
    }

    @Test("key-based", arguments: sizes)
    func keyBased(_ size: Int) throws {
        let encryptionKey = SymmetricKey(size: .bits256)
        let hmacKey = SymmetricKey(size: .bits256)
        let plaintext = Self.plaintext(size)
        let message = try RNCryptor.encrypt(plaintext, encryptionKey: encryptionKey, hmacKey: hmacKey)
        #expect(message.count == 18 + (size / 16 + 1) * 16 + 32)
        #expect(try RNCryptor.decrypt(message, encryptionKey: encryptionKey, hmacKey: hmacKey) == plaintext)
        for chunkSize in Self.chunkSizes where size < 1 << 20 || chunkSize >= 4096 {
            var source = RNCryptorTrickleSource(plaintext, limit: chunkSize)
            var sink = DataSink()
            try RNCryptor.encrypt(
                from: &source, to: &sink, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: chunkSize)
            let streamed = sink.data
            #expect(try RNCryptor.decrypt(streamed, encryptionKey: encryptionKey, hmacKey: hmacKey) == plaintext)
            var messageSource = DataSource(streamed)
            var plaintextSink = DataSink()
            try RNCryptor.decrypt(
                from: &messageSource, to: &plaintextSink, encryptionKey: encryptionKey, hmacKey: hmacKey,
                chunkSize: chunkSize)
            #expect(plaintextSink.data == plaintext, "chunk \(chunkSize)")
            var verifying = DataSource(streamed)
            try RNCryptor.verify(
                from: &verifying, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: chunkSize)
        }
    }

    @Test("two encryptions of the same plaintext differ (fresh salts and IV)")
    func freshRandomness() throws {
        let first = try RNCryptor.encrypt(Data("same".utf8), password: "p")
        let second = try RNCryptor.encrypt(Data("same".utf8), password: "p")
        #expect(first.prefix(34) != second.prefix(34))
        #expect(first.dropFirst(2).prefix(8) != first.dropFirst(10).prefix(8))
    }

    @Test("the streaming decryptor holds back the last block and the HMAC until finish")
    func holdsBack() throws {
        let encryptionKey = SymmetricKey(size: .bits256)
        let hmacKey = SymmetricKey(size: .bits256)
        let plaintext = Self.plaintext(100)
        let message = try RNCryptor.encrypt(plaintext, encryptionKey: encryptionKey, hmacKey: hmacKey)
        var decryptor = try RNCryptor.Decryptor(encryptionKey: encryptionKey, hmacKey: hmacKey)
        let early = try decryptor.update(message)
        #expect(early.count == 96)  // 112 bytes of ciphertext: all but the last block
        #expect(try early + decryptor.finish() == plaintext)
    }
}
