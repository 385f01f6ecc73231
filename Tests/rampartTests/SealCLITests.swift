import Foundation
import RampartTestKit
import Testing

/// `rampart encrypt | decrypt | keygen` as a user runs them: files, pipes, exit codes, and no
/// output left behind when something fails.
@Suite("rampart encrypt, decrypt, keygen")
struct SealCLITests {
    private final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ data: Data) throws { try data.write(to: url.appendingPathComponent(name)) }
        func read(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }
        /// Every entry, hidden temporary files included.
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    }

    private func payload(_ size: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }

    @Test("keygen writes a 0600 identity file, refuses to replace it, and -y prints its recipient")
    func keygen() async throws {
        let folder = try Folder()
        let made = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(made.exitCode == 0, "\(made.standardErrorText)")
        #expect(made.standardErrorText.hasPrefix("Public key: age1"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("key.txt"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let again = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(again.exitCode == 73)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        #expect(recipient.exitCode == 0)
        let fromAge = try PeerProcess.run("age-keygen", ["-y", folder.path("key.txt")])
        #expect(recipient.standardOutputText == fromAge.standardOutputText)
        let missing = try await RampartBinary.run(["keygen", "-y", folder.path("nope.txt")])
        #expect(missing.exitCode == 66)
        try folder.write("garbage.txt", Data("AGE-SECRET-KEY-1NOTAKEY\n".utf8))
        let garbage = try await RampartBinary.run(["keygen", "-y", folder.path("garbage.txt")])
        #expect(garbage.exitCode == 65)
        #expect(!garbage.standardErrorText.contains("NOTAKEY"), "errors never echo key material")
    }

    @Test("age: encrypt to a recipient, the age CLI decrypts; pipes work both ways")
    func ageFiles() async throws {
        let folder = try Folder()
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        let plaintext = payload(200_000)
        try folder.write("plain", plaintext)
        let sealed = try await RampartBinary.run([
            "encrypt", "-r", recipient.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines),
            "-o", folder.path("plain.age"), folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0, "\(sealed.standardErrorText)")
        let byAge = try PeerProcess.run("age", ["-d", "-i", folder.path("key.txt"), folder.path("plain.age")])
        #expect(byAge.standardOutput == plaintext)
        let armored = try await RampartBinary.run(
            ["encrypt", "-a", "-R", folder.path("key.txt.pub")], input: plaintext)
        #expect(armored.exitCode == 66, "a missing recipients file is missing input")
        try folder.write("key.txt.pub", recipient.standardOutput)
        let piped = try await RampartBinary.run(["encrypt", "-a", "-R", folder.path("key.txt.pub")], input: plaintext)
        #expect(piped.exitCode == 0)
        #expect(piped.standardOutputText.hasPrefix("-----BEGIN AGE ENCRYPTED FILE-----"))
        let opened = try await RampartBinary.run(
            ["decrypt", "-i", folder.path("key.txt")], input: piped.standardOutput)
        #expect(opened.exitCode == 0)
        #expect(opened.standardOutput == plaintext)
    }

    @Test("a wrong identity or passphrase exits 77 and leaves no output file, not even a temporary one")
    func noOutputOnFailure() async throws {
        let folder = try Folder()
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("right.txt")])
        _ = try await RampartBinary.run(["keygen", "-o", folder.path("wrong.txt")])
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("right.txt")])
        try folder.write("recipients", recipient.standardOutput)
        try folder.write("plain", payload(150_000))
        let sealed = try await RampartBinary.run([
            "encrypt", "-R", folder.path("recipients"), "-o", folder.path("sealed.age"), folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0)
        let before = folder.entries
        let wrong = try await RampartBinary.run([
            "decrypt", "-i", folder.path("wrong.txt"), "-o", folder.path("out"), folder.path("sealed.age"),
        ])
        #expect(wrong.exitCode == 77, "\(wrong.standardErrorText)")
        #expect(folder.entries == before)
        // Altered in its last chunk: the first chunks authenticate, yet no file appears.
        var altered = try folder.read("sealed.age")
        altered[altered.count - 20] ^= 0x40
        try folder.write("altered.age", altered)
        let tampered = try await RampartBinary.run([
            "decrypt", "-i", folder.path("right.txt"), "-o", folder.path("out"), folder.path("altered.age"),
        ])
        #expect(tampered.exitCode == 77)
        #expect(!folder.entries.contains { $0.contains("out") }, "\(folder.entries)")
        // Cut short: exit 65, nothing written.
        try folder.write("short.age", altered.prefix(altered.count - 30_000))
        let short = try await RampartBinary.run([
            "decrypt", "-i", folder.path("right.txt"), "-o", folder.path("out"), folder.path("short.age"),
        ])
        #expect(short.exitCode == 65 || short.exitCode == 77)
        #expect(!folder.entries.contains { $0.contains("out") })
    }

    @Test(
        "an interrupted encryption (SIGINT, SIGTERM) exits 130/143 and leaves no file behind",
        arguments: [SIGINT, SIGTERM])
    func interrupted(signalNumber: Int32) async throws {
        let folder = try Folder()
        let identity = try await RampartBinary.run(["keygen", "-o", folder.path("key.txt")])
        #expect(identity.exitCode == 0)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("key.txt")])
        let process = Process()
        process.executableURL = RampartBinary.url
        process.arguments = [
            "encrypt", "-r", recipient.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines),
            "-o", folder.path("endless.age"),
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Feed data until a temporary output exists, then interrupt mid-stream; stdin stays open.
        let chunk = Data(repeating: 0x5a, count: 1 << 20)
        var sawTemporary = false
        for _ in 0..<200 where !sawTemporary {
            try input.fileHandleForWriting.write(contentsOf: chunk)
            sawTemporary = folder.entries.contains { $0.hasPrefix(".endless.age.rampart-") }
        }
        #expect(sawTemporary, "the output is written to a hidden temporary file first")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(folder.entries == ["key.txt"], "\(folder.entries)")
    }

    @Test("an existing output is kept unless --force, and then replaced only on success")
    func force() async throws {
        let folder = try Folder()
        try folder.write("pw", Data("correct horse\n".utf8))
        try folder.write("plain", Data("new contents".utf8))
        try folder.write("existing", Data("precious".utf8))
        let refused = try await RampartBinary.run([
            "encrypt", "--passphrase-file", folder.path("pw"), "--work-factor", "10", "-o", folder.path("existing"),
            folder.path("plain"),
        ])
        #expect(refused.exitCode == 73)
        #expect(try folder.read("existing") == Data("precious".utf8))
        let sealed = try await RampartBinary.run([
            "encrypt", "--passphrase-file", folder.path("pw"), "--work-factor", "10", "-o", folder.path("sealed"),
            folder.path("plain"),
        ])
        #expect(sealed.exitCode == 0)
        try folder.write("bad-pw", Data("wrong\n".utf8))
        let failed = try await RampartBinary.run([
            "decrypt", "--passphrase-file", folder.path("bad-pw"), "--force", "-o", folder.path("existing"),
            folder.path("sealed"),
        ])
        #expect(failed.exitCode == 77)
        #expect(try folder.read("existing") == Data("precious".utf8), "a failed decrypt leaves the old file")
        let replaced = try await RampartBinary.run([
            "decrypt", "--passphrase-file", folder.path("pw"), "--force", "-o", folder.path("existing"),
            folder.path("sealed"),
        ])
        #expect(replaced.exitCode == 0)
        #expect(try folder.read("existing") == Data("new contents".utf8))
    }

    @Test("RNCryptor via the CLI: detected on decrypt, wrong password 77, and standard output held until verified")
    func rncryptor() async throws {
        let folder = try Folder()
        try folder.write("pw", Data("hunter2\r\n".utf8))
        let plaintext = payload(100_000)
        let sealed = try await RampartBinary.run(
            ["encrypt", "--format", "rncryptor", "--passphrase-file", folder.path("pw")], input: plaintext)
        #expect(sealed.exitCode == 0)
        #expect(sealed.standardOutput.prefix(2) == Data([3, 1]))
        let opened = try await RampartBinary.run(
            ["decrypt", "--passphrase-env", "RAMPART_TEST_PW"], input: sealed.standardOutput,
            environment: ["RAMPART_TEST_PW": "hunter2"])
        #expect(opened.exitCode == 0, "\(opened.standardErrorText)")
        #expect(opened.standardOutput == plaintext)
        var altered = sealed.standardOutput
        altered[altered.count / 2] ^= 1
        let tampered = try await RampartBinary.run(
            ["decrypt", "--passphrase-file", folder.path("pw")], input: altered)
        #expect(tampered.exitCode == 77)
        #expect(tampered.standardOutput.isEmpty, "no unauthenticated plaintext on standard output")
    }

    @Test(
        "bad input gets a clear message and a documented exit code",
        arguments: [
            (["decrypt", "-i", "/nonexistent/key.txt", "-"], 66),
            (["decrypt", "-i", "/etc/passwd", "-"], 65),
            (["decrypt", "--passphrase-env", "RAMPART_TEST_PW", "/nonexistent/file.age"], 66),
            (["encrypt", "-r", "age1notarecipient", "-a"], 2),
            (["encrypt", "-a"], 2),
            (["encrypt", "-r", "age1qqq", "--passphrase-env", "X", "-a"], 2),
            (["decrypt", "--passphrase-env", "RAMPART_TEST_PW"], 65),
        ])
    func badInput(arguments: [String], status: Int) async throws {
        let result = try await RampartBinary.run(
            arguments, input: Data("this is not encrypted".utf8), environment: ["RAMPART_TEST_PW": "pw"])
        #expect(Int(result.exitCode) == status, "\(arguments): \(result.standardErrorText)")
        #expect(!result.standardErrorText.isEmpty)
        #expect(!result.standardErrorText.contains("Fatal error"))
    }
}
