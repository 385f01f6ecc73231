import Foundation
import RampartVault
import Testing

@Suite("Export and import")
struct VaultBackupTests {
    @Test func exportSkipsThisDeviceOnlyAndImportRestoresTheRest() throws {
        let source = try VaultFixture()
        let target = try VaultFixture()
        defer {
            source.remove()
            target.remove()
        }
        let vault = try source.create()
        for accessibility in Accessibility.allCases {
            try vault.set(
                Data(text: "value-\(accessibility)"),
                for: .genericPassword(service: "svc", account: accessibility.description),
                protection: ItemProtection(accessibility: accessibility),
                attributes: ItemAttributes(label: "label-\(accessibility)"))
        }
        let app = ItemIdentity.internetPassword(server: "bank.example", account: "me")
        try vault.set(Data(text: "pin"), for: app, applicationPassword: "open sesame")
        let backup = source.folder.appendingPathComponent("vault.age").path
        #expect(try vault.exportBackup(to: backup, passphrase: "backup pass", testingWorkFactor: 4) == 3)
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(status { try vault.exportBackup(to: backup, passphrase: "backup pass", testingWorkFactor: 4) } != nil)

        let restored = try Vault.create(
            at: target.path, passphrase: "another vault", options: target.hermetic(VaultFixture.options))
        #expect(status { try restored.importBackup(from: backup, passphrase: "wrong") } == -25293)
        #expect(try restored.importBackup(from: backup, passphrase: "backup pass") == 3)
        let items = try restored.items(matching: VaultQuery(itemClass: .genericPassword, returnData: true))
        #expect(Set(items.map(\.protection.accessibility)) == [.whenUnlocked, .afterFirstUnlock])
        for item in items {
            #expect(item.value == Data(text: "value-\(item.protection.accessibility)"))
            #expect(item.attributes.label == "label-\(item.protection.accessibility)")
        }
        #expect(status { _ = try restored.value(for: app) } == -25293)
        #expect(try restored.value(for: app, applicationPassword: "open sesame") == Data(text: "pin"))
    }

    @Test func exportNeedsAnUnlockedVault() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "x"), for: .genericPassword(service: "s", account: "a"))
        vault.lock()
        let backup = fixture.folder.appendingPathComponent("b.age").path
        #expect(status { try vault.exportBackup(to: backup, passphrase: "p", testingWorkFactor: 4) } == -25308)
        #expect(!FileManager.default.fileExists(atPath: backup))
    }
}
