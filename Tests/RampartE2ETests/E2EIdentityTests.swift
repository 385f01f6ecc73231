import Foundation
import RampartE2E
import RampartTestSupport
import RampartVault
import Testing

/// Identities and public keys: encodings with typed prefixes and checksums, 0600 files, vault
/// items, and safety numbers.
@Suite("E2E: identities and safety numbers", .timeLimit(.minutes(10)))
struct E2EIdentityTests {
    @Test("keys round-trip through their one-line forms", arguments: E2EKeyKind.allCases)
    func encodings(kind: E2EKeyKind) throws {
        let identity = try E2EIdentity.generate(kind)
        let text = identity.publicKey.description
        let prefix = ["rampart1", "rampartnist1", "rampartpq1"][Int(kind.rawValue) - 1]
        #expect(text.hasPrefix(prefix))
        #expect(try E2EPublicKey(text) == identity.publicKey)
        #expect(try E2EIdentity(identity.secretText).publicKey == identity.publicKey)
        #expect(identity.secretText.hasPrefix("RAMPART-SECRET-KEY-"))
        #expect(identity.publicKey.keyID.count == 16)
    }

    @Test("a typo, a truncation, a secret or an age key is not a public key")
    func badPublicKeys() throws {
        let identity = try E2EIdentity.generate(.classic)
        var text = Array(identity.publicKey.description)
        text[20] = text[20] == "q" ? "p" : "q"
        #expect(throws: E2EError.self) { try E2EPublicKey(String(text)) }
        #expect(throws: E2EError.self) { try E2EPublicKey(String(identity.publicKey.description.dropLast(3))) }
        #expect(throws: E2EError.self) { try E2EPublicKey(identity.secretText) }
        #expect(throws: E2EError.self) {
            try E2EPublicKey("age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p")
        }
        #expect(throws: E2EError.self) { try E2EIdentity(identity.publicKey.description) }
    }

    @Test("an identity file is 0600, never replaced, and reads back")
    func identityFile() throws {
        let scratch = try ScratchFolder("rampart-e2e")
        let identity = try E2EIdentity.generate(.postQuantum)
        let path = scratch.path("alice.key")
        try E2EIdentityFile.write(identity, to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try E2EIdentityFile.read(path).publicKey == identity.publicKey)
        #expect(throws: E2EError.self) { try E2EIdentityFile.write(try E2EIdentity.generate(.classic), to: path) }
        #expect(try E2EIdentityFile.read(path).publicKey == identity.publicKey)
    }

    @Test("an identity kept in a vault item reads back after a relock")
    func vault() throws {
        let scratch = try ScratchFolder("rampart-e2e")
        let path = scratch.path("keys.vault")
        let vault = try Vault.create(
            at: path, passphrase: "pass",
            options: VaultOptions(testingWorkFactor: 4, deviceKeyFolder: scratch.path("device-keys")))
        let identity = try E2EIdentity.generate(.classic)
        try E2EVaultIdentity.store(identity, as: "alice", in: vault)
        vault.lock()
        #expect(throws: E2EError.self) { try E2EVaultIdentity.load("alice", from: vault) }
        try vault.unlock(passphrase: "pass")
        #expect(try E2EVaultIdentity.load("alice", from: vault).publicKey == identity.publicKey)
        #expect(throws: E2EError.self) { try E2EVaultIdentity.load("bob", from: vault) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data(identity.secretText.utf8)) == nil, "no secret in the clear")
    }

    @Test("the safety number is the same from either side and differs for another key")
    func safetyNumber() throws {
        let alice = try E2EIdentity.generate(.classic).publicKey
        let bob = try E2EIdentity.generate(.postQuantum).publicKey
        let mallory = try E2EIdentity.generate(.classic).publicKey
        let number = E2ESafetyNumber(alice, bob)
        #expect(number == E2ESafetyNumber(bob, alice))
        #expect(number != E2ESafetyNumber(mallory, bob))
        #expect(number.value.count == 60 && number.value.allSatisfy(\.isNumber))
        #expect(number.digits.split(separator: " ").count == 12)
        #expect(number.qrPayload == "RAMPART-SN1:" + number.value)
    }
}
