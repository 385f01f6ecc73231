import Foundation
import RampartE2E
import RampartSeal
import RampartTestSupport
import Testing

/// E2E identity and public-key files read through `KeyFile`: the same rules and the same
/// `FILE:LINE:` words as age key files.
@Suite("E2E: key files", .timeLimit(.minutes(10)))
struct E2EKeyFileTests {
    private func invalidKey(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            guard case .invalidKey(let detail)? = error as? E2EError else { return "\(error)" }
            return detail
        }
    }

    private func ageDetail(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? SealError)?.context.detail
        }
    }

    @Test("an identity file with comments, blank lines and CRLF reads; a second key line is refused by number")
    func identityFile() throws {
        let folder = try ScratchFolder("rampart-e2e-keyfile")
        let alice = try E2EIdentity.generate(.classic)
        try folder.write("alice.key", "# me\r\n\r\n  \(alice.secretText)  \r\n# done\n")
        #expect(try E2EIdentityFile.read(folder.path("alice.key")).publicKey == alice.publicKey)
        let bob = try E2EIdentity.generate(.classic)
        try folder.write("two.key", "\(alice.secretText)\n# bob\n\(bob.secretText)\n")
        #expect(
            invalidKey { _ = try E2EIdentityFile.read(folder.path("two.key")) }
                == "\(folder.path("two.key")):3: a second key line; an E2E identity file holds exactly one identity")
        try folder.write("pub.key", "\n\(alice.publicKey)\n")
        #expect(
            invalidKey { _ = try E2EIdentityFile.read(folder.path("pub.key")) }
                == "\(folder.path("pub.key")):2: not an E2E identity: it holds a public key, not an identity")
    }

    @Test("a public-key file reads every key; a secret in it is refused by line, never quoted")
    func publicKeyFile() throws {
        let folder = try ScratchFolder("rampart-e2e-keyfile")
        let keys = try (0..<3).map { _ in try E2EIdentity.generate(.nist) }
        try folder.write("team.pub", "# team\n" + keys.map { "\($0.publicKey)\n" }.joined())
        #expect(try E2EPublicKeyFile.read(folder.path("team.pub")) == keys.map(\.publicKey))
        try folder.write("leak.pub", "\(keys[0].publicKey)\n\(keys[1].secretText)\n")
        let detail = invalidKey { _ = try E2EPublicKeyFile.read(folder.path("leak.pub")) }
        #expect(detail == "\(folder.path("leak.pub")):2: not an E2E public key: it holds an identity (a secret!)")
        try folder.write("empty.pub", "# nobody\n")
        #expect(
            invalidKey { _ = try E2EPublicKeyFile.read(folder.path("empty.pub")) }
                == "\(folder.path("empty.pub")): holds no public key (rampart1…, rampartnist1… or rampartpq1…)")
    }

    @Test("a non-UTF-8 key line and a 20 MiB file get the same words as from an age key file")
    func sameRulesAsAge() throws {
        let folder = try ScratchFolder("rampart-e2e-keyfile")
        try folder.write("latin1.key", Data("# key\n\n".utf8) + Data([0x41, 0xE9, 0x0A]))
        try folder.write("big.key", Data(repeating: UInt8(ascii: "#"), count: 20 << 20))
        for name in ["latin1.key", "big.key"] {
            let path = folder.path(name)
            let age = ageDetail { _ = try AgeKeyFile.identities(atPath: path) }
            #expect(age?.hasPrefix(path + (name == "big.key" ? ": over 16 MiB" : ":3: not UTF-8")) == true)
            #expect(invalidKey { _ = try E2EIdentityFile.read(path) } == age)
            #expect(invalidKey { _ = try E2EPublicKeyFile.read(path) } == age)
        }
    }

    @Test("a missing file stays a missing file")
    func missing() throws {
        let folder = try ScratchFolder("rampart-e2e-keyfile")
        #expect(throws: E2EError.self) { try E2EIdentityFile.read(folder.path("none.key")) }
        #expect(invalidKey { _ = try E2EIdentityFile.read(folder.path("none.key")) }?.hasPrefix("invalid key") != true)
    }
}
