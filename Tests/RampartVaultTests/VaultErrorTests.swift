import Foundation
import RampartVault
import Testing

@Suite("Every error, with its keychain status")
struct VaultErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var status: Int32
        var provoke: @Sendable (VaultFixture) throws -> Void
        var testDescription: String { name }
    }

    static let id = ItemIdentity.genericPassword(service: "svc", account: "acct")

    static let cases: [Case] = [
        Case(name: "item not found", status: -25300) { fixture in
            _ = try fixture.create().value(for: id)
        },
        Case(name: "query matches nothing", status: -25300) { fixture in
            _ = try fixture.create().items(matching: VaultQuery(itemClass: .key))
        },
        Case(name: "duplicate on add", status: -25299) { fixture in
            let vault = try fixture.create()
            try vault.add(Data(text: "a"), for: id)
            try vault.add(Data(text: "b"), for: id)
        },
        Case(name: "never unlocked", status: -25308) { fixture in
            _ = try fixture.create()
            _ = try fixture.reopen().value(for: id)
        },
        Case(name: "whenUnlocked after lock", status: -25308) { fixture in
            let vault = try fixture.create()
            try vault.set(Data(text: "a"), for: id)
            vault.lock()
            _ = try vault.value(for: id)
        },
        Case(name: "user presence without authenticator", status: -25308) { fixture in
            let vault = try fixture.create()
            try vault.set(Data(text: "a"), for: id, protection: ItemProtection(userPresence: true))
            _ = try vault.value(for: id)
        },
        Case(name: "wrong passphrase", status: -25293) { fixture in
            _ = try fixture.create()
            try fixture.reopen().unlock(passphrase: "wrong")
        },
        Case(name: "wrong application password", status: -25293) { fixture in
            let vault = try fixture.create()
            try vault.set(Data(text: "a"), for: id, applicationPassword: "app")
            _ = try vault.value(for: id, applicationPassword: "not app")
        },
        Case(name: "missing application password", status: -25293) { fixture in
            let vault = try fixture.create()
            try vault.set(Data(text: "a"), for: id, applicationPassword: "app")
            _ = try vault.value(for: id)
        },
        Case(name: "user presence denied", status: -25293) { fixture in
            let vault = try fixture.create(authenticator: CountingAuthenticator(approve: false))
            try vault.set(Data(text: "a"), for: id, protection: ItemProtection(userPresence: true))
            _ = try vault.value(for: id)
        },
        Case(name: "empty service", status: -50) { fixture in
            try fixture.create().set(Data(text: "a"), for: .genericPassword(service: "", account: "x"))
        },
        Case(name: "field outside the class's key", status: -50) { fixture in
            _ = try fixture.create().items(matching: VaultQuery(itemClass: .key, fields: [.service: "x"]))
        },
        Case(name: "match limit zero", status: -50) { fixture in
            _ = try fixture.create().items(matching: VaultQuery(itemClass: .key, limit: .upTo(0)))
        },
        Case(name: "empty vault passphrase", status: -50) { fixture in
            _ = try Vault.create(at: fixture.path, passphrase: "", options: VaultFixture.options)
        },
        Case(name: "work factor out of range", status: -50) { fixture in
            _ = try fixture.create(options: VaultOptions(workFactor: 40))
        },
        Case(name: "empty application password", status: -50) { fixture in
            try fixture.create().set(Data(text: "a"), for: id, applicationPassword: "")
        },
        Case(name: "no vault at the path", status: -25294) { fixture in
            _ = try fixture.reopen()
        },
        Case(name: "vault exists", status: -25296) { fixture in
            _ = try fixture.create()
            _ = try fixture.create()
        },
        Case(name: "not a vault", status: -26275) { fixture in
            try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: fixture.path))
            _ = try fixture.reopen()
        },
    ]

    @Test(arguments: cases)
    func failure(_ testCase: Case) throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let error = vaultError { try testCase.provoke(fixture) }
        #expect(error?.status == testCase.status, "\(String(describing: error))")
    }

    @Test func messagesNeverContainSecrets() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "TOPSECRETVALUE"), for: Self.id, applicationPassword: "APPPASSWORD")
        let wrongApp = vaultError { _ = try vault.value(for: Self.id, applicationPassword: "GUESSEDPASSWORD") }
        let wrongVault = vaultError { try fixture.reopen().unlock(passphrase: "GUESSEDPASSPHRASE") }
        for error in [wrongApp, wrongVault] {
            let text = error.map(\.description) ?? ""
            #expect(!text.isEmpty)
            for secret in ["TOPSECRETVALUE", "APPPASSWORD", "GUESSED", VaultFixture.passphrase] {
                #expect(!text.contains(secret))
            }
        }
        #expect(wrongVault?.description.contains(fixture.path) == true)
    }
}
