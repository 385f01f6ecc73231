import Foundation
import RampartVault
import Testing

@Suite("Protection classes, application passwords, user presence")
struct VaultProtectionTests {
    static func identity(_ accessibility: Accessibility) -> ItemIdentity {
        .genericPassword(service: "svc", account: accessibility.description)
    }

    static func fill(_ vault: Vault) throws {
        for accessibility in Accessibility.allCases {
            try vault.set(
                Data(text: "value-\(accessibility)"), for: identity(accessibility),
                protection: ItemProtection(accessibility: accessibility))
        }
    }

    @Test(arguments: Accessibility.allCases)
    func lockedVaultBehaviourPerClass(_ accessibility: Accessibility) throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try Self.fill(vault)
        let id = Self.identity(accessibility)
        #expect(try vault.value(for: id) == Data(text: "value-\(accessibility)"))

        vault.lock()
        #expect(!vault.isUnlocked)
        let afterLock = status { _ = try vault.value(for: id) }
        let writeAfterLock = status {
            try vault.set(Data(text: "new"), for: id, protection: ItemProtection(accessibility: accessibility))
        }
        if accessibility.survivesLock {
            #expect(afterLock == nil)
            #expect(writeAfterLock == nil)
        } else {
            #expect(afterLock == -25308)
            #expect(writeAfterLock == -25308)
        }

        let fresh = try fixture.reopen()
        #expect(status { _ = try fresh.value(for: id) } == -25308)
        try fresh.unlock(passphrase: VaultFixture.passphrase)
        #expect(try fresh.value(for: id).isEmpty == false)
    }

    @Test func thisDeviceOnlyItemsDoNotOpenOnAnotherMachine() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        try Self.fill(try fixture.create())
        let otherMachineID = fixture.folder.appendingPathComponent("other-machine-id")
        try Data(text: "0123456789abcdef0123456789abcdef\n").write(to: otherMachineID)
        let elsewhere = try fixture.reopen(
            options: VaultOptions(testingWorkFactor: 4, machineIDPath: otherMachineID.path))
        try elsewhere.unlock(passphrase: VaultFixture.passphrase)
        for accessibility in Accessibility.allCases {
            let error = vaultError { _ = try elsewhere.value(for: Self.identity(accessibility)) }
            if accessibility.isThisDeviceOnly {
                guard case .wrongDevice = error else {
                    Issue.record("expected wrongDevice, got \(String(describing: error))")
                    continue
                }
                #expect(error?.status == -25293)
            } else {
                #expect(error == nil)
            }
        }
        try FileManager.default.removeItem(atPath: fixture.path + ".device")
        let withoutDeviceFile = try fixture.reopen()
        try withoutDeviceFile.unlock(passphrase: VaultFixture.passphrase)
        #expect(
            status { _ = try withoutDeviceFile.value(for: Self.identity(.afterFirstUnlockThisDeviceOnly)) } == -25293)
        #expect(
            try withoutDeviceFile.value(for: Self.identity(.afterFirstUnlock)) == Data(text: "value-afterFirstUnlock"))
    }

    @Test func applicationPasswordIsNeededToRead() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let id = ItemIdentity.genericPassword(service: "bank", account: "me")
        try vault.set(Data(text: "pin"), for: id, applicationPassword: "open sesame")
        #expect(try vault.value(for: id, applicationPassword: "open sesame") == Data(text: "pin"))
        #expect(status { _ = try vault.value(for: id) } == -25293)
        #expect(status { _ = try vault.value(for: id, applicationPassword: "open sesamE") } == -25293)
        let listed = try vault.items(matching: VaultQuery(itemClass: .genericPassword))
        #expect(listed.count == 1 && listed[0].hasApplicationPassword)
        try vault.set(Data(text: "plain"), for: id)
        #expect(try vault.value(for: id) == Data(text: "plain"))
    }

    @Test func userPresenceIsAskedBeforeEachRead() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let approving = CountingAuthenticator(approve: true)
        let vault = try fixture.create(authenticator: approving)
        let guarded = ItemIdentity.genericPassword(service: "svc", account: "guarded")
        let open = ItemIdentity.genericPassword(service: "svc", account: "open")
        try vault.set(Data(text: "g"), for: guarded, protection: ItemProtection(userPresence: true))
        try vault.set(Data(text: "o"), for: open)
        #expect(try vault.value(for: guarded) == Data(text: "g"))
        #expect(try vault.value(for: guarded) == Data(text: "g"))
        #expect(try vault.value(for: open) == Data(text: "o"))
        #expect(approving.count == 2)
        _ = try vault.items(matching: VaultQuery(itemClass: .genericPassword))
        #expect(approving.count == 2)

        let refusing = CountingAuthenticator(approve: false)
        let denied = try fixture.reopen(authenticator: refusing)
        try denied.unlock(passphrase: VaultFixture.passphrase)
        guard case .userPresenceDenied = vaultError({ _ = try denied.value(for: guarded) }) else {
            Issue.record("expected userPresenceDenied")
            return
        }
        #expect(refusing.count == 1)
        #expect(try denied.value(for: open) == Data(text: "o"))
    }

    @Test func changingThePassphraseKeepsItemsAndRefusesTheOldOne() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try Self.fill(vault)
        #expect(status { try vault.changePassphrase(from: "wrong", to: "new one") } == -25293)
        try vault.changePassphrase(from: VaultFixture.passphrase, to: "new one")
        let reopened = try fixture.reopen()
        #expect(status { try reopened.unlock(passphrase: VaultFixture.passphrase) } == -25293)
        try reopened.unlock(passphrase: "new one")
        #expect(try reopened.verifyPassphrase("new one"))
        #expect(try !reopened.verifyPassphrase(VaultFixture.passphrase))
        for accessibility in Accessibility.allCases {
            #expect(try reopened.value(for: Self.identity(accessibility)) == Data(text: "value-\(accessibility)"))
        }
    }
}
