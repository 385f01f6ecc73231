import Crypto
import Foundation
import RampartIO
import RampartSeal
import Testing
import _CryptoExtras

/// Every way an RNCryptor v3 message can be wrong fails, with a class the caller can act on.
@Suite("RNCryptor v3: failures")
struct RNCryptorFailureTests {
    static let password = "tamper-proof"
    static let encryptionKey = SymmetricKey(data: Data((0..<32).map { UInt8($0) }))
    static let hmacKey = SymmetricKey(data: Data((0..<32).map { UInt8(255 - $0) }))
    /// 40 bytes: three blocks of ciphertext, so tampering hits the first, middle and last block.
    static let plaintext = Data("forty bytes of plaintext to be tampered!".utf8)

    enum Mode: String, CaseIterable, Sendable {
        case password, key
    }

    static func message(_ mode: Mode) throws -> Data {
        switch mode {
        case .password: return try RNCryptor.encrypt(plaintext, password: password)
        case .key: return try RNCryptor.encrypt(plaintext, encryptionKey: encryptionKey, hmacKey: hmacKey)
        }
    }

    /// The failure classes of one-shot decryption, streaming decryption and verification.
    static func failures(_ message: Data, _ mode: Mode, password: String = password) -> [RNCryptorFailureClass?] {
        let oneShot = RNCryptorFailureClass.of { () throws(SealError) in
            // Success (plaintext returned) shows as `nil`, which the callers' expectations reject.
            switch mode {
            case .password: _ = try RNCryptor.decrypt(message, password: password)
            case .key: _ = try RNCryptor.decrypt(message, encryptionKey: encryptionKey, hmacKey: hmacKey)
            }
        }
        let streaming = RNCryptorFailureClass.of { () throws(SealError) in
            var source = DataSource(message)
            var sink = DataSink()
            switch mode {
            case .password: try RNCryptor.decrypt(from: &source, to: &sink, password: password, chunkSize: 7)
            case .key:
                try RNCryptor.decrypt(
                    from: &source, to: &sink, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: 7)
            }
        }
        let verifying = RNCryptorFailureClass.of { () throws(SealError) in
            var source = DataSource(message)
            switch mode {
            case .password: try RNCryptor.verify(from: &source, password: password, chunkSize: 5)
            case .key: try RNCryptor.verify(from: &source, encryptionKey: encryptionKey, hmacKey: hmacKey, chunkSize: 5)
            }
        }
        return [oneShot, streaming, verifying]
    }

    @Test("flipping any byte fails: header bytes as not v3, the rest as authentication", arguments: Mode.allCases)
    func tamper(_ mode: Mode) throws {
        let message = try Self.message(mode)
        #expect(Self.failures(message, mode) == [nil, nil, nil])
        for offset in 0..<message.count {
            for flip: UInt8 in [0x01, 0x80] {
                var altered = message
                altered[offset] ^= flip
                let expected: RNCryptorFailureClass = offset < 2 ? .unrecognizedFormat : .authenticationFailed
                #expect(
                    Self.failures(altered, mode) == [expected, expected, expected],
                    "byte \(offset) xor \(flip) of \(message.count)")
            }
        }
    }

    @Test("cutting the message at any length fails as truncated or authentication", arguments: Mode.allCases)
    func truncation(_ mode: Mode) throws {
        let message = try Self.message(mode)
        let headerCount = mode == .password ? 34 : 18
        for length in 0..<message.count {
            let body = length - headerCount
            let expected: RNCryptorFailureClass =
                body >= 48 && (body - 32) % 16 == 0 ? .authenticationFailed : .truncated
            #expect(
                Self.failures(message.prefix(length), mode) == [expected, expected, expected], "length \(length)")
        }
        var longer = message
        longer.append(0)
        #expect(Self.failures(longer, mode) == [.truncated, .truncated, .truncated])
        longer.append(Data(repeating: 0, count: 15))
        #expect(Self.failures(longer, mode) == [.authenticationFailed, .authenticationFailed, .authenticationFailed])
    }

    @Test("a wrong password fails authentication and says it may be the password")
    func wrongPassword() throws {
        let message = try Self.message(.password)
        #expect(
            Self.failures(message, .password, password: "tamper-prooF")
                == Array(repeating: .authenticationFailed, count: 3))
        #expect {
            try RNCryptor.decrypt(message, password: "wrong")
        } throws: { error in
            guard case SealError.authenticationFailed(let context) = error else { return false }
            return context.stage == .rncryptorHMAC && context.offset == message.count - 32
                && context.detail.contains("wrong password or altered data")
        }
    }

    @Test("an empty password is refused everywhere")
    func emptyPassword() throws {
        let message = try Self.message(.password)
        var results: [RNCryptorFailureClass?] = []
        results.append(.of { () throws(SealError) in _ = try RNCryptor.encrypt(Data("x".utf8), password: "") })
        results.append(.of { () throws(SealError) in _ = try RNCryptor.decrypt(message, password: "") })
        results.append(.of { () throws(SealError) in _ = try RNCryptor.Encryptor(password: "") })
        results.append(.of { () throws(SealError) in _ = try RNCryptor.Decryptor(password: "") })
        results.append(
            .of { () throws(SealError) in
                var source = DataSource(Data("x".utf8))
                var sink = DataSink()
                try RNCryptor.encrypt(from: &source, to: &sink, password: "", chunkSize: 64)
            })
        results.append(
            .of { () throws(SealError) in
                var source = DataSource(message)
                var sink = DataSink()
                try RNCryptor.decrypt(from: &source, to: &sink, password: "", chunkSize: 64)
            })
        results.append(
            .of { () throws(SealError) in
                var source = DataSource(message)
                try RNCryptor.verify(from: &source, password: "", chunkSize: 64)
            })
        #expect(results == Array(repeating: .invalidParameter, count: 7))
    }

    @Test("keys that are not 32 bytes are refused")
    func badKeySizes() {
        let short = SymmetricKey(size: .bits128)
        #expect(
            RNCryptorFailureClass.of { () throws(SealError) in
                _ = try RNCryptor.encrypt(Data(), encryptionKey: short, hmacKey: Self.hmacKey)
            }
                == .invalidParameter)
        #expect(
            RNCryptorFailureClass.of { () throws(SealError) in
                _ = try RNCryptor.Decryptor(encryptionKey: Self.encryptionKey, hmacKey: short)
            }
                == .invalidParameter)
        #expect(
            RNCryptorFailureClass.of { () throws(SealError) in
                _ = try RNCryptor.Encryptor(
                    password: "p", encryptionSalt: Data(count: 7), hmacSalt: Data(count: 8), iv: Data(count: 16))
            } == .invalidParameter)
    }

    static let foreignInputs: [(String, Data)] = [
        ("age header", Data("age-encryption.org/v1\n-> X25519 abc\n".utf8) + Data(repeating: 7, count: 100)),
        ("random bytes starting with 0x02", Data([0x02]) + Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })),
        ("v3 with options 0x07", Data([0x03, 0x07]) + Data(repeating: 1, count: 100)),
        ("a single 0x02 byte", Data([0x02])),
        ("PNG signature", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 100)),
    ]

    @Test("input that is not RNCryptor v3 is unrecognized", arguments: foreignInputs.indices)
    func foreign(_ index: Int) {
        let (name, data) = Self.foreignInputs[index]
        for mode in Mode.allCases {
            #expect(
                Self.failures(data, mode) == [.unrecognizedFormat, .unrecognizedFormat, .unrecognizedFormat],
                "\(name), \(mode)")
        }
        #expect {
            try RNCryptor.decrypt(data, password: "p")
        } throws: { error in
            guard case SealError.unrecognizedFormat(let context) = error else { return false }
            return context.stage == .rncryptorHeader && (context.offset == 0 || context.offset == 1)
        }
    }

    @Test("password data given keys, and key data given a password, are unrecognized")
    func modeMismatch() throws {
        #expect(Self.failures(try Self.message(.password), .key) == Array(repeating: .unrecognizedFormat, count: 3))
        #expect(Self.failures(try Self.message(.key), .password) == Array(repeating: .unrecognizedFormat, count: 3))
    }

    @Test("empty and tiny inputs are truncated")
    func tiny() {
        for data in [Data(), Data([0x03]), Data([0x03, 0x01]), Data([0x03, 0x00, 1, 2, 3])] {
            for mode in Mode.allCases where !(data.count >= 2 && (data[1] == 0) != (mode == .key)) {
                #expect(Self.failures(data, mode) == [.truncated, .truncated, .truncated], "\(Array(data)) \(mode)")
            }
        }
    }

    /// A message whose HMAC is right but whose last block does not end in valid PKCS#7 padding.
    @Test("bad padding under a valid HMAC is malformed")
    func badPadding() throws {
        let iv = Data(repeating: 9, count: 16)
        let block = Data(repeating: 0x41, count: 15) + Data([0x00])
        let ciphertext = try AES._CBC.encrypt(
            block, using: Self.encryptionKey, iv: AES._CBC.IV(ivBytes: iv), noPadding: true)
        var message = Data([0x03, 0x00]) + iv + ciphertext
        message += Data(HMAC<SHA256>.authenticationCode(for: message, using: Self.hmacKey))
        #expect(Self.failures(message, .key) == [.malformed, .malformed, nil])
    }

    @Test("messages name what was wrong, where, and what to do")
    func messages() throws {
        let message = try Self.message(.key)
        #expect {
            try RNCryptor.decrypt(message.prefix(70), encryptionKey: Self.encryptionKey, hmacKey: Self.hmacKey)
        } throws: { error in
            guard case SealError.truncated(let context) = error else { return false }
            return context.stage == .rncryptorPayload && context.offset == 18
                && context.detail.contains("not a multiple of the 16-byte AES block")
        }
        #expect {
            try RNCryptor.decrypt(Data([0x03, 0x00, 1]), encryptionKey: Self.encryptionKey, hmacKey: Self.hmacKey)
        } throws: { error in
            guard case SealError.truncated(let context) = error else { return false }
            return context.stage == .rncryptorHeader && context.offset == 3 && context.detail.contains("18-byte")
        }
    }
}
