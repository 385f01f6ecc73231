import Crypto
import Foundation
import RampartIO
import RampartSeal
import Testing

/// The official RNCryptor-Spec v3 vectors: exact ciphertexts from fixed salts and IVs, and
/// decryption back, one-shot and streaming at awkward chunk sizes.
@Suite("RNCryptor v3: official vectors")
struct RNCryptorVectorTests {
    static let kdf = RNCryptorVector.load("kdf")
    static let key = RNCryptorVector.load("key")
    static let password = RNCryptorVector.load("password")
    static let chunkSizes = [1, 15, 16, 17, 1 << 20]

    @Test("the fixtures are all there")
    func fixturesPresent() {
        #expect(Self.kdf.count == 6)
        #expect(Self.key.count == 4)
        #expect(Self.password.count == 6)
    }

    /// Both keys derived from the password equal `key_hex`: the message made with the vector's salt
    /// as both salts has the ciphertext of `key_hex` and an HMAC keyed with `key_hex`.
    @Test("kdf: PBKDF2-HMAC-SHA1 keys", arguments: kdf)
    func derivation(_ vector: RNCryptorVector) throws {
        let salt = vector.bytes("salt_hex")
        let key = SymmetricKey(data: vector.bytes("key_hex"))
        let iv = Data(repeating: 0x5a, count: 16)
        let plaintext = Data("RNCryptor kdf vector".utf8)
        var encryptor = try RNCryptor.Encryptor(
            password: vector.text("password"), encryptionSalt: salt, hmacSalt: salt, iv: iv)
        let message = try encryptor.update(plaintext) + encryptor.finish()
        var reference = try RNCryptor.Encryptor(encryptionKey: key, hmacKey: key, iv: iv)
        let keyBased = try reference.update(plaintext) + reference.finish()
        #expect(message.dropFirst(34).dropLast(32) == keyBased.dropFirst(18).dropLast(32), "encryption key")
        let mac = HMAC<SHA256>.authenticationCode(for: message.dropLast(32), using: key)
        #expect(Data(mac) == message.suffix(32), "HMAC key")
    }

    @Test("key: exact ciphertext and back", arguments: key)
    func keyBased(_ vector: RNCryptorVector) throws {
        let encryptionKey = SymmetricKey(data: vector.bytes("enc_key_hex"))
        let hmacKey = SymmetricKey(data: vector.bytes("hmac_key_hex"))
        let plaintext = vector.bytes("plaintext_hex")
        let expected = vector.bytes("ciphertext_hex")
        let make = { () throws(SealError) -> RNCryptor.Encryptor in
            try RNCryptor.Encryptor(encryptionKey: encryptionKey, hmacKey: hmacKey, iv: vector.bytes("iv_hex"))
        }
        try checkEncryption(make, plaintext: plaintext, expected: expected)
        #expect(try RNCryptor.decrypt(expected, encryptionKey: encryptionKey, hmacKey: hmacKey) == plaintext)
        for chunkSize in Self.chunkSizes {
            var source = DataSource(expected)
            var sink = DataSink()
            try RNCryptor.decrypt(
                from: &source, to: &sink, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: chunkSize)
            #expect(sink.data == plaintext, "chunk size \(chunkSize)")
            var verifying = DataSource(expected)
            try RNCryptor.verify(from: &verifying, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: chunkSize)
        }
    }

    @Test("password: exact ciphertext and back", arguments: password)
    func passwordBased(_ vector: RNCryptorVector) throws {
        let password = vector.text("password")
        let plaintext = vector.bytes("plaintext_hex")
        let expected = vector.bytes("ciphertext_hex")
        let make = { () throws(SealError) -> RNCryptor.Encryptor in
            try RNCryptor.Encryptor(
                password: password, encryptionSalt: vector.bytes("enc_salt_hex"),
                hmacSalt: vector.bytes("hmac_salt_hex"), iv: vector.bytes("iv_hex"))
        }
        try checkEncryption(make, plaintext: plaintext, expected: expected)
        #expect(try RNCryptor.decrypt(expected, password: password) == plaintext)
        let header = try RNCryptor.Header.parse(expected)
        #expect(header.encode() == expected.prefix(34))
        for chunkSize in Self.chunkSizes {
            var source = RNCryptorTrickleSource(expected, limit: chunkSize)
            var sink = DataSink()
            try RNCryptor.decrypt(from: &source, to: &sink, password: password)
            #expect(sink.data == plaintext, "chunk size \(chunkSize)")
            var verifying = DataSource(expected)
            try RNCryptor.verify(from: &verifying, password: password, chunkSize: chunkSize)
        }
    }

    /// One-shot pieces, streaming at every chunk size, and uneven `update` pieces all give `expected`.
    private func checkEncryption(
        _ make: () throws(SealError) -> RNCryptor.Encryptor, plaintext: Data, expected: Data
    ) throws {
        var whole = try make()
        #expect(try whole.update(plaintext) + whole.finish() == expected, "one update")
        for chunkSize in Self.chunkSizes {
            var source = DataSource(plaintext)
            var sink = DataSink()
            try RNCryptor.encrypt(from: &source, to: &sink, with: make(), chunkSize: chunkSize)
            #expect(sink.data == expected, "streaming, chunk size \(chunkSize)")
        }
        var uneven = try make()
        var output = Data()
        var rest = plaintext[...]
        var piece = 1
        while !rest.isEmpty {
            output += try uneven.update(rest.prefix(piece))
            rest = rest.dropFirst(piece)
            piece = piece * 3 % 23 + 1
        }
        output += try uneven.finish()
        #expect(output == expected, "uneven pieces")
    }
}
