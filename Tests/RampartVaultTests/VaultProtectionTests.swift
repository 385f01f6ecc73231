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
        try FileManager.default.removeItem(atPath: fixture.deviceKeyFolder)
        let withoutDeviceFile = try fixture.reopen()
        try withoutDeviceFile.unlock(passphrase: VaultFixture.passphrase)
        #expect(
            status { _ = try withoutDeviceFile.value(for: Self.identity(.afterFirstUnlockThisDeviceOnly)) } == -25293)
        #expect(
            try withoutDeviceFile.value(for: Self.identity(.afterFirstUnlock)) == Data(text: "value-afterFirstUnlock"))
    }

    /// Every file of `fixture`'s folder (the vault, its WAL and whatever else lies beside it)
    /// copied into the folder of a new fixture, which has a device key folder of its own.
    static func copyOfFolder(_ fixture: VaultFixture) throws -> VaultFixture {
        let copy = try VaultFixture()
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) {
            try FileManager.default.copyItem(
                at: fixture.folder.appendingPathComponent(name), to: copy.folder.appendingPathComponent(name))
        }
        return copy
    }

    @Test("a copy of the vault's folder on the same machine opens every item but the ThisDeviceOnly ones")
    func aCopiedFolderCarriesNoDeviceKey() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        try Self.fill(try fixture.create())
        let copy = try Self.copyOfFolder(fixture)
        defer { copy.remove() }
        let copied = try copy.reopen()
        try copied.unlock(passphrase: VaultFixture.passphrase)
        for accessibility in Accessibility.allCases {
            let error = vaultError { _ = try copied.value(for: Self.identity(accessibility)) }
            if accessibility.isThisDeviceOnly {
                guard case .wrongDevice(let context) = error else {
                    Issue.record("\(accessibility): expected wrongDevice, got \(String(describing: error))")
                    continue
                }
                #expect(context.detail.contains(copy.deviceKeyFolder), "\(context.detail)")
                #expect(context.detail.contains("copied"), "\(context.detail)")
            } else {
                #expect(error == nil, "\(accessibility): \(String(describing: error))")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: copy.deviceKeyFolder), "nothing was written for the copy")
        // The original, with its device key folder, still opens all of them, also after a new passphrase.
        let original = try fixture.reopen()
        try original.unlock(passphrase: VaultFixture.passphrase)
        try original.changePassphrase(from: VaultFixture.passphrase, to: "new passphrase")
        let again = try fixture.reopen()
        try again.unlock(passphrase: "new passphrase")
        for accessibility in Accessibility.allCases {
            #expect(try again.value(for: Self.identity(accessibility)) == Data(text: "value-\(accessibility)"))
        }
    }

    @Test("a vault made with the device key beside it (VAULT.device) keeps opening; the key moves out of its folder")
    func aLegacyDeviceFileIsMovedOutOfTheVaultFolder() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        try Self.fill(try fixture.create())
        // The layout of a vault made before: the device secret in VAULT.device, none in the folder.
        let keys = try FileManager.default.contentsOfDirectory(atPath: fixture.deviceKeyFolder)
        try #require(keys.count == 1)
        try FileManager.default.moveItem(
            atPath: fixture.deviceKeyFolder + "/" + keys[0], toPath: fixture.path + ".device")
        let legacy = try fixture.reopen()
        try legacy.unlock(passphrase: VaultFixture.passphrase)
        for accessibility in Accessibility.allCases {
            #expect(try legacy.value(for: Self.identity(accessibility)) == Data(text: "value-\(accessibility)"))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".device"), "the legacy file is removed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.deviceKeyFolder) == keys)
        // From now on a copy of the folder carries no device key.
        let copy = try Self.copyOfFolder(fixture)
        defer { copy.remove() }
        let copied = try copy.reopen()
        try copied.unlock(passphrase: VaultFixture.passphrase)
        #expect(status { _ = try copied.value(for: Self.identity(.whenUnlockedThisDeviceOnly)) } == -25293)
        // A VAULT.device that does not verify is not taken, nor moved.
        try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: copy.path + ".device"))
        let foreign = try copy.reopen()
        try foreign.unlock(passphrase: VaultFixture.passphrase)
        #expect(status { _ = try foreign.value(for: Self.identity(.afterFirstUnlockThisDeviceOnly)) } == -25293)
        #expect(FileManager.default.fileExists(atPath: copy.path + ".device"))
        #expect(!FileManager.default.fileExists(atPath: copy.deviceKeyFolder))
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
