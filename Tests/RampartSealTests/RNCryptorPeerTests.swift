import Crypto
import Foundation
import RampartIO
import RampartSeal
import RampartTestKit
import RampartTestSupport
import Testing

/// Interoperability with a real peer: the Python `rncryptor` package (3.3.0) in the test
/// virtualenv. Passwords and keys reach Python on standard input, never on its command line.
@Suite("RNCryptor v3: Python rncryptor peer", .timeLimit(.minutes(10)))
struct RNCryptorPeerTests {
    static let sizes = [0, 1, 15, 16, 17, 65535, 65536, 65537, 2 << 20]

    /// Reads `secret length (4 bytes, big-endian) | secret | data` from stdin, writes the result to
    /// stdout. The package only speaks password-based messages and decodes plaintext as UTF-8, so
    /// the script keeps plaintext binary and builds key-based messages from the package's own AES
    /// and HMAC helpers.
    static let script = #"""
        import sys
        import rncryptor

        class BinaryCryptor(rncryptor.RNCryptor):
            def post_decrypt_data(self, data):
                return data[:-data[-1]]

        mode = sys.argv[1]
        raw = sys.stdin.buffer.read()
        length = int.from_bytes(raw[:4], "big")
        secret, data = raw[4:4 + length], raw[4 + length:]
        cryptor = BinaryCryptor()
        if mode == "encrypt-password":
            out = cryptor.encrypt(data, secret)
        elif mode == "decrypt-password":
            out = cryptor.decrypt(data, secret)
        elif mode == "encrypt-keys":
            encryption_key, hmac_key = secret[:32], secret[32:]
            iv = cryptor.iv
            body = b"\x03\x00" + iv + cryptor._aes_encrypt(encryption_key, iv, cryptor.pre_encrypt_data(data))
            out = body + cryptor._hmac(hmac_key, body)
        elif mode == "decrypt-keys":
            encryption_key, hmac_key = secret[:32], secret[32:]
            if data[:2] != b"\x03\x00":
                raise rncryptor.DecryptionError("not key-based v3")
            if not rncryptor.compare_in_constant_time(cryptor._hmac(hmac_key, data[:-32]), data[-32:]):
                raise rncryptor.DecryptionError("Bad data")
            out = cryptor.post_decrypt_data(cryptor._aes_decrypt(encryption_key, data[2:18], data[18:-32]))
        else:
            raise SystemExit("unknown mode " + mode)
        sys.stdout.buffer.write(out)
        """#

    static let password = "peer pässwörd 密码"
    static let encryptionKey = SymmetricKey(size: .bits256)
    static let hmacKey = SymmetricKey(size: .bits256)

    static var keyBytes: Data {
        encryptionKey.withUnsafeBytes { Data($0) } + hmacKey.withUnsafeBytes { Data($0) }
    }

    /// Runs the peer script; records an issue (failing the test) when the virtualenv is missing.
    static func python(_ mode: String, secret: Data, data: Data) async throws -> Data? {
        guard let python = PeerTools.python else {
            let folder = PeerTools.virtualenv.path
            Issue.record(
                "the Python peer virtualenv is missing at \(folder): run Scripts/test (installs rncryptor==3.3.0)")
            return nil
        }
        var length = UInt32(secret.count).bigEndian
        let input = Data(bytes: &length, count: 4) + secret + data
        let result = try await PeerProcess.runAsync(python.path, ["-c", script, mode], input: input)
        guard result.exitCode == 0 else {
            Issue.record("python rncryptor \(mode) exited \(result.exitCode): \(result.standardErrorText)")
            return nil
        }
        return result.standardOutput
    }

    static func plaintext(_ size: Int) -> Data {
        Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }

    @Test("the peer is rncryptor 3.3.0")
    func peerVersion() async throws {
        guard let python = PeerTools.python else {
            Issue.record("the Python peer virtualenv is missing at \(PeerTools.virtualenv.path): run Scripts/test")
            return
        }
        let result = try await PeerProcess.runAsync(
            python.path, ["-c", "import rncryptor; print(rncryptor.__version__)"])
        #expect(result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) == "3.3.0")
    }

    @Test("password-based: Rampart → Python and Python → Rampart", arguments: sizes)
    func passwordBased(_ size: Int) async throws {
        let plaintext = Self.plaintext(size)
        let secret = Data(Self.password.utf8)
        let ours = try RNCryptor.encrypt(plaintext, password: Self.password)
        guard let decrypted = try await Self.python("decrypt-password", secret: secret, data: ours) else { return }
        #expect(decrypted == plaintext)
        guard let theirs = try await Self.python("encrypt-password", secret: secret, data: plaintext) else { return }
        #expect(theirs.prefix(2) == Data([3, 1]))
        #expect(try RNCryptor.decrypt(theirs, password: Self.password) == plaintext)
        var source = DataSource(theirs)
        var sink = DataSink()
        try RNCryptor.decrypt(from: &source, to: &sink, password: Self.password, chunkSize: 4099)
        #expect(sink.data == plaintext)
    }

    @Test("key-based: Rampart → Python and Python → Rampart", arguments: sizes)
    func keyBased(_ size: Int) async throws {
        let plaintext = Self.plaintext(size)
        var streamedSource = DataSource(plaintext)
        var streamedSink = DataSink()
        try RNCryptor.encrypt(
            from: &streamedSource, to: &streamedSink, encryptionKey: Self.encryptionKey, hmacKey: Self.hmacKey,
            chunkSize: 65536)
        guard let decrypted = try await Self.python("decrypt-keys", secret: Self.keyBytes, data: streamedSink.data)
        else { return }
        #expect(decrypted == plaintext)
        guard let theirs = try await Self.python("encrypt-keys", secret: Self.keyBytes, data: plaintext) else { return }
        #expect(try RNCryptor.decrypt(theirs, encryptionKey: Self.encryptionKey, hmacKey: Self.hmacKey) == plaintext)
    }

    @Test("each side refuses the other's message under a wrong password")
    func wrongPassword() async throws {
        let ours = try RNCryptor.encrypt(Data("hello".utf8), password: Self.password)
        guard let python = PeerTools.python else {
            Issue.record("the Python peer virtualenv is missing at \(PeerTools.virtualenv.path): run Scripts/test")
            return
        }
        var length = UInt32(5).bigEndian
        let input = Data(bytes: &length, count: 4) + Data("wrong".utf8) + ours
        let result = try await PeerProcess.runAsync(python.path, ["-c", Self.script, "decrypt-password"], input: input)
        #expect(result.exitCode != 0)
        guard let theirs = try await Self.python("encrypt-password", secret: Data("right".utf8), data: Data("x".utf8))
        else { return }
        #expect(throws: SealError.self) { try RNCryptor.decrypt(theirs, password: "wrong") }
    }
}
