import Foundation
import RampartSeal
import RampartTestKit
import Testing

/// Round trips with real age implementations: the `age` CLI (Go) for X25519 and armor, `pyrage`
/// (Rust's rage) for passphrases, in both directions.
@Suite("age v1: interoperability with age and pyrage", .timeLimit(.minutes(10)))
struct AgePeerTests {
    @Test("Rampart → age CLI → same bytes (X25519, binary and armored)", arguments: SealTestSupport.sizes)
    func rampartToAge(size: Int) async throws {
        let folder = try SealTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (identity, keyText) = AgeKeyFile.generate()
        let keyFile = folder.appendingPathComponent("key.txt")
        try Data(keyText.utf8).write(to: keyFile)
        let plaintext = SealTestSupport.payload(size)
        for armored in [false, true] {
            let sealed = try Age.encrypt(plaintext, to: [identity.recipient], armored: armored)
            let opened = try await SealTestSupport.peer("age", ["--decrypt", "-i", keyFile.path], input: sealed)
            #expect(opened == plaintext, "size \(size), armored \(armored)")
        }
    }

    @Test("age CLI → Rampart → same bytes (X25519, several recipients, armored)", arguments: SealTestSupport.sizes)
    func ageToRampart(size: Int) async throws {
        let other = X25519Identity.generate()
        let mine = X25519Identity.generate()
        let plaintext = SealTestSupport.payload(size)
        let binary = try await SealTestSupport.peer(
            "age", ["-r", "\(other.recipient)", "-r", "\(mine.recipient)"], input: plaintext)
        #expect(try Age.decrypt(binary, with: [mine]) == plaintext)
        let armored = try await SealTestSupport.peer("age", ["-a", "-r", "\(mine.recipient)"], input: plaintext)
        #expect(String(decoding: armored.prefix(34), as: UTF8.self) == "-----BEGIN AGE ENCRYPTED FILE-----")
        #expect(try Age.decrypt(armored, with: [mine]) == plaintext)
    }

    @Test("identity files written by age-keygen are read, and ours by age")
    func keyFiles() async throws {
        let folder = try SealTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("theirs.txt")
        _ = try await SealTestSupport.peer("age-keygen", ["-o", theirs.path])
        let identities = try AgeKeyFile.identities(atPath: theirs.path)
        let recipient = try await SealTestSupport.peer("age-keygen", ["-y", theirs.path])
        #expect(
            identities.map(\.recipientText) == [
                String(decoding: recipient, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            ])
        let (mine, text) = AgeKeyFile.generate()
        let ours = folder.appendingPathComponent("ours.txt")
        try Data(text.utf8).write(to: ours)
        let derived = try await SealTestSupport.peer("age-keygen", ["-y", ours.path])
        #expect(String(decoding: derived, as: UTF8.self) == "\(mine.recipient)\n")
    }

    @Test("passphrase files: Rampart ↔ pyrage", arguments: [0, 1, 17, 65_536, 65_537, 1_048_576])
    func passphraseWithPyrage(size: Int) async throws {
        let python = try SealTestSupport.python()
        let folder = try SealTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let passphraseFile = folder.appendingPathComponent("passphrase")
        let passphrase = "correct horse battery staple ✓"
        try Data(passphrase.utf8).write(to: passphraseFile)
        let plaintext = SealTestSupport.payload(size)
        let script = """
            import sys, pyrage
            secret = open(sys.argv[2], encoding="utf-8").read()
            data = sys.stdin.buffer.read()
            if sys.argv[1] == "encrypt":
                sys.stdout.buffer.write(pyrage.passphrase.encrypt(data, secret))
            else:
                sys.stdout.buffer.write(pyrage.passphrase.decrypt(data, secret))
            """
        let ours = try Age.encrypt(plaintext, to: [ScryptRecipient(passphrase: passphrase, workFactor: 12)])
        let openedByPyrage = try await SealTestSupport.peer(
            python, ["-c", script, "decrypt", passphraseFile.path], input: ours)
        #expect(openedByPyrage == plaintext)
        let theirs = try await SealTestSupport.peer(
            python, ["-c", script, "encrypt", passphraseFile.path], input: plaintext)
        #expect(try Age.decrypt(theirs, with: [ScryptIdentity(passphrase: passphrase)]) == plaintext)
        #expect(throws: SealError.self) { try Age.decrypt(theirs, with: [ScryptIdentity(passphrase: "wrong")]) }
    }
}
