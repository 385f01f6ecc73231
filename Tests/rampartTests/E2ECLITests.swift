import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart e2e keygen | seal | open | fingerprint` as a user runs them: files, exit codes, and no
/// output left behind when a message is refused.
@Suite("rampart e2e")
struct E2ECLITests {
    /// Makes identities `names` in `folder`; returns their public keys.
    private func keys(_ names: [String], in folder: ScratchFolder, pq: Bool = false) async throws -> [String] {
        var keys: [String] = []
        for name in names {
            let result = try await RampartBinary.run(
                ["e2e", "keygen"] + (pq ? ["--pq"] : []) + ["-o", folder.path(name)])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            keys.append(result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines))
            let mode = try FileManager.default.attributesOfItem(atPath: folder.path(name))[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        return keys
    }

    @Test("seal to two, open with the sender checked, classic and post-quantum", arguments: [false, true])
    func roundTrip(pq: Bool) async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["alice", "bob", "carol"], in: folder, pq: pq)
        #expect(keys[0].hasPrefix(pq ? "rampartpq1" : "rampart1"))
        let plaintext = Data((0..<150_000).map { UInt8($0 % 251) })
        try folder.write("plain", plaintext)
        let seal = try await RampartBinary.run([
            "e2e", "seal", "-r", keys[1], "-r", keys[2], "--from", folder.path("alice"), "-o", folder.path("msg"),
            folder.path("plain"),
        ])
        #expect(seal.exitCode == 0, "\(seal.standardErrorText)")
        for (index, name) in ["bob", "carol"].enumerated() {
            let out = folder.path("out-\(index)")
            let open = try await RampartBinary.run([
                "e2e", "open", "-i", folder.path(name), "--from", keys[0], "-o", out, folder.path("msg"),
            ])
            #expect(open.exitCode == 0, "\(open.standardErrorText)")
            #expect(open.standardErrorText.contains("signed by"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == plaintext)
        }
    }

    @Test("77 for not a recipient, wrong sender and tampering, with no output left; 65 malformed; 66 missing")
    func refusals() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["alice", "bob", "mallory"], in: folder)
        try folder.write("plain", Data("hello".utf8))
        #expect(
            try await RampartBinary.run([
                "e2e", "seal", "-r", keys[1], "--from", folder.path("alice"), "-o", folder.path("msg"),
                folder.path("plain"),
            ]).exitCode == 0)
        let sealed = try folder.read("msg")
        var damaged = sealed
        damaged[damaged.count - 5] ^= 1
        try folder.write("damaged", damaged)
        try folder.write("garbage", Data("not an envelope at all".utf8))
        let cases: [([String], Int32)] = [
            (["-i", folder.path("mallory"), folder.path("msg")], 77),
            (["-i", folder.path("bob"), "--from", keys[2], folder.path("msg")], 77),
            (["-i", folder.path("bob"), folder.path("damaged")], 77),
            (["-i", folder.path("bob"), folder.path("garbage")], 65),
            (["-i", folder.path("bob"), folder.path("missing")], 66),
            (["-i", folder.path("missing-key"), folder.path("msg")], 66),
        ]
        for (arguments, status) in cases {
            let out = folder.path("out")
            let result = try await RampartBinary.run(["e2e", "open", "-o", out] + arguments)
            #expect(result.exitCode == status, "\(arguments): \(result.standardErrorText)")
            #expect(!FileManager.default.fileExists(atPath: out), "no output left for \(arguments)")
        }
        // On standard output too, a refused message releases nothing.
        let piped = try await RampartBinary.run(["e2e", "open", "-i", folder.path("bob"), folder.path("damaged")])
        #expect(piped.exitCode == 77)
        #expect(piped.standardOutput.isEmpty)
    }

    @Test("the fingerprint is the same in either order; a bad key is 65")
    func fingerprint() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["a", "b"], in: folder)
        let one = try await RampartBinary.run(["e2e", "fingerprint", keys[0], keys[1]])
        let two = try await RampartBinary.run(["e2e", "fingerprint", keys[1], keys[0]])
        #expect(one.exitCode == 0)
        #expect(one.standardOutputText == two.standardOutputText)
        #expect(one.standardOutputText.split(separator: "\n").first?.split(separator: " ").count == 12)
        #expect(try await RampartBinary.run(["e2e", "fingerprint", keys[0], "rampart1nope"]).exitCode == 65)
    }

    @Test("a key compared with itself is a usage error (2), before any output")
    func fingerprintSameKey() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["a"], in: folder)
        let same = try await RampartBinary.run(["e2e", "fingerprint", keys[0], keys[0]])
        #expect(same.exitCode == 2, "\(same.standardErrorText)")
        #expect(same.standardOutput.isEmpty)
        #expect(same.standardErrorText.contains("same key"))
        let help = try await RampartBinary.run(["e2e", "fingerprint", "--help"])
        #expect(help.standardOutputText.contains("same key twice"))
    }

    @Test("without --from the sender is shown by its whole key and the safety number, and --from is recommended")
    func senderWithoutFrom() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["alice", "bob"], in: folder)
        try folder.write("plain", Data("hello".utf8))
        let seal = try await RampartBinary.run([
            "e2e", "seal", "-r", keys[1], "--from", folder.path("alice"), "-o", folder.path("msg"),
            folder.path("plain"),
        ])
        #expect(seal.exitCode == 0, "\(seal.standardErrorText)")
        let open = try await RampartBinary.run(["e2e", "open", "-i", folder.path("bob"), folder.path("msg")])
        #expect(open.exitCode == 0, "\(open.standardErrorText)")
        #expect(open.standardErrorText.contains(keys[0]), "the sender's whole public key: \(open.standardErrorText)")
        #expect(open.standardErrorText.contains("--from"))
        let fingerprint = try await RampartBinary.run(["e2e", "fingerprint", keys[0], keys[1]])
        let digits = try #require(fingerprint.standardOutputText.split(separator: "\n").first)
        #expect(open.standardErrorText.contains(String(digits)), "the safety number of both keys")
        let checked = try await RampartBinary.run([
            "e2e", "open", "-i", folder.path("bob"), "--from", keys[0], folder.path("msg"),
        ])
        #expect(checked.exitCode == 0)
        #expect(checked.standardErrorText.contains("expected sender"))
    }

    @Test("identity files readable by group or others: a warning naming the file, its mode and chmod 600")
    func identityPermissions() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keys = try await keys(["alice", "bob"], in: folder)
        try folder.write("plain", Data("hello".utf8))
        #expect(try await RampartBinary.run(["keygen", "-o", folder.path("age.txt")]).exitCode == 0)
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("age.txt")])
            .standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            try await RampartBinary.run(["encrypt", "-r", recipient, "-o", folder.path("f.age"), folder.path("plain")])
                .exitCode == 0)
        let commands: [(file: String, arguments: [String])] = [
            (
                "alice",
                [
                    "e2e", "seal", "-r", keys[1], "--from", folder.path("alice"), "-o", folder.path("msg"), "--force",
                    folder.path("plain"),
                ]
            ),
            (
                "bob",
                ["e2e", "open", "-i", folder.path("bob"), "-o", folder.path("out"), "--force", folder.path("msg")]
            ),
            (
                "age.txt",
                ["decrypt", "-i", folder.path("age.txt"), "-o", folder.path("out"), "--force", folder.path("f.age")]
            ),
        ]
        for mode in [0o600, 0o644, 0o640] {
            for (file, arguments) in commands {
                #expect(chmod(folder.path(file), mode_t(mode)) == 0)
                let result = try await RampartBinary.run(arguments)
                #expect(result.exitCode == 0, "\(arguments): \(result.standardErrorText)")
                if mode == 0o600 {
                    #expect(
                        !result.standardErrorText.contains("warning"),
                        "\(arguments[0...1]): \(result.standardErrorText)")
                } else {
                    let text = result.standardErrorText
                    #expect(text.contains(folder.path(file)), "\(arguments[0...1]) names the file: \(text)")
                    #expect(text.contains(String(format: "%04o", mode)), "\(arguments[0...1]) names the mode: \(text)")
                    #expect(text.contains("chmod 600"), "\(arguments[0...1]): \(text)")
                }
            }
        }
        for command in [["e2e", "open"], ["e2e", "seal"], ["decrypt"]] {
            let help = try await RampartBinary.run(command + ["--help"])
            #expect(help.standardOutputText.contains("chmod 600"), "\(command) --help")
        }
    }

    @Test("a version 1 envelope (no key commitment) is refused with 65, naming the version, no output left")
    func versionOne() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        // The fixed identity (secret bytes 1…64) the version 1 fixture was sealed to.
        try folder.write(
            "fixed.key",
            "RAMPART-SECRET-KEY-1QYPQXPQ9QCRSSZG2PVXQ6RS0ZQG3YYC5Z5TPWXQERGD3C8G7RUSZZG3RYSJJVFEG9Y4ZKTPD9CHNQVFJXV6R2D3H8QUN5WEU85LR7SQC8XDHR\n"
        )
        #expect(chmod(folder.path("fixed.key"), 0o600) == 0)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../RampartE2ETests/Fixtures/v1-envelope.e2e").standardized.path
        let result = try await RampartBinary.run([
            "e2e", "open", "-i", folder.path("fixed.key"), "-o", folder.path("out"), fixture,
        ])
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("version 1"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("age post-quantum: keygen --pq, encrypt -r age1pq1…, decrypt")
    func agePostQuantum() async throws {
        let folder = try ScratchFolder("rampart-e2e-cli")
        let keygen = try await RampartBinary.run(["keygen", "--pq", "-o", folder.path("pq.txt")])
        #expect(keygen.exitCode == 0, "\(keygen.standardErrorText)")
        let recipient = try await RampartBinary.run(["keygen", "-y", folder.path("pq.txt")])
            .standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(recipient.hasPrefix("age1pq1"))
        try folder.write("plain", Data("post-quantum".utf8))
        let encrypt = try await RampartBinary.run([
            "encrypt", "-r", recipient, "-o", folder.path("f.age"), folder.path("plain"),
        ])
        #expect(encrypt.exitCode == 0, "\(encrypt.standardErrorText)")
        let decrypt = try await RampartBinary.run(["decrypt", "-i", folder.path("pq.txt"), folder.path("f.age")])
        #expect(decrypt.exitCode == 0, "\(decrypt.standardErrorText)")
        #expect(decrypt.standardOutputText == "post-quantum")
        // Mixed with a classic recipient: refused (usage).
        #expect(try await RampartBinary.run(["keygen", "-o", folder.path("c.txt")]).exitCode == 0)
        let classic = try await RampartBinary.run(["keygen", "-y", folder.path("c.txt")])
            .standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        let mixed = try await RampartBinary.run([
            "encrypt", "-r", recipient, "-r", classic, "-o", folder.path("m.age"), folder.path("plain"),
        ])
        #expect(mixed.exitCode == 2, "\(mixed.standardErrorText)")
    }
}
