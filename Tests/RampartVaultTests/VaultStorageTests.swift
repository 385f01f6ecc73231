import Foundation
import GRDB
import RampartVault
import Testing

@Suite("Rows on disk: tampering, swapping, downgrades, what the file reveals")
struct VaultStorageTests {
    static let alpha = ItemIdentity.genericPassword(service: "alpha-service-name", account: "alpha-account-name")
    static let beta = ItemIdentity.genericPassword(service: "beta-service-name", account: "beta-account-name")

    /// A vault with two items, closed; returns the fixture.
    static func twoItems(protection: ItemProtection = ItemProtection()) throws -> VaultFixture {
        let fixture = try VaultFixture()
        let vault = try fixture.create()
        try vault.set(Data(text: "alpha-secret-value"), for: alpha, protection: protection)
        try vault.set(Data(text: "beta-secret-value"), for: beta, protection: protection)
        return fixture
    }

    static func unlocked(_ fixture: VaultFixture) throws -> Vault {
        let vault = try fixture.reopen()
        try vault.unlock(passphrase: VaultFixture.passphrase)
        return vault
    }

    /// Rows in insertion order: alpha is id 1, beta id 2.
    static func edit(_ fixture: VaultFixture, _ change: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write(change)
        try queue.close()
    }

    @Test(arguments: ["value", "attributes"])
    func tamperingOneRowFailsOnlyThatItem(column: String) throws {
        let fixture = try Self.twoItems()
        defer { fixture.remove() }
        try Self.edit(fixture) { db in
            let bytes: Data = try Data.fetchOne(db, sql: "SELECT \(column) FROM items WHERE id = 1") ?? Data()
            var altered = bytes
            altered[altered.count / 2] ^= 0x01
            try db.execute(sql: "UPDATE items SET \(column) = ? WHERE id = 1", arguments: [altered])
        }
        let vault = try Self.unlocked(fixture)
        if column == "value" {
            guard case .itemAuthenticationFailed = vaultError({ _ = try vault.value(for: Self.alpha) }) else {
                Issue.record("expected itemAuthenticationFailed")
                return
            }
        } else {
            #expect(
                status {
                    _ = try vault.items(
                        matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "alpha-service-name"]))
                } == -25293)
        }
        #expect(try vault.value(for: Self.beta) == Data(text: "beta-secret-value"))
    }

    @Test(arguments: ["value", "attributes"])
    func swappingTwoRowsCiphertextsFailsBoth(column: String) throws {
        let fixture = try Self.twoItems()
        defer { fixture.remove() }
        try Self.edit(fixture) { db in
            let first: Data = try Data.fetchOne(db, sql: "SELECT \(column) FROM items WHERE id = 1") ?? Data()
            let second: Data = try Data.fetchOne(db, sql: "SELECT \(column) FROM items WHERE id = 2") ?? Data()
            try db.execute(sql: "UPDATE items SET \(column) = ? WHERE id = 1", arguments: [second])
            try db.execute(sql: "UPDATE items SET \(column) = ? WHERE id = 2", arguments: [first])
        }
        let vault = try Self.unlocked(fixture)
        for id in [Self.alpha, Self.beta] {
            if column == "value" {
                #expect(status { _ = try vault.value(for: id) } == -25293)
            } else {
                #expect(
                    status {
                        _ = try vault.items(
                            matching: VaultQuery(itemClass: .genericPassword, fields: [.service: id[.service] ?? ""]))
                    } == -25293)
            }
        }
    }

    @Test(arguments: [
        (ItemProtection(accessibility: .whenUnlocked), 0x01),
        (ItemProtection(accessibility: .whenUnlocked, userPresence: true), 0x00),
        (ItemProtection(accessibility: .whenUnlockedThisDeviceOnly), 0x00),
    ])
    func downgradingTheProtectionColumnFails(original: ItemProtection, downgraded: Int) throws {
        let fixture = try Self.twoItems(protection: original)
        defer { fixture.remove() }
        try Self.edit(fixture) { db in
            try db.execute(sql: "UPDATE items SET protection = ? WHERE id = 1", arguments: [downgraded])
        }
        let vault = try Self.unlocked(fixture)
        #expect(status { _ = try vault.value(for: Self.alpha) } == -25293)
    }

    @Test func theFileRevealsNoSecretServiceOrAccount() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let secrets = [
            "alpha-secret-value", "alpha-service-name", "alpha-account-name", "label-marker", "comment-marker",
        ]
        try vault.set(
            Data(text: "alpha-secret-value"), for: Self.alpha,
            attributes: ItemAttributes(label: "label-marker", comment: "comment-marker"))
        try vault.set(
            Data(text: "alpha-secret-value"),
            for: .internetPassword(server: "alpha-service-name", account: "alpha-account-name"))
        for file in [fixture.path, fixture.path + "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: file) else {
                #expect(file.hasSuffix("-wal"), "the database file must exist")
                continue
            }
            // Every byte is searched (what `strings` would find is a subset of this); also in UTF-16,
            // the other way a string could have been written.
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in \(file)")
                #expect(
                    bytes.range(of: secret.data(using: .utf16LittleEndian) ?? Data()) == nil, "\(secret) in \(file)")
            }
        }
    }

    @Test func filesAreCreatedOwnerOnly() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "x"), for: Self.alpha)
        let keys = try FileManager.default.contentsOfDirectory(atPath: fixture.deviceKeyFolder)
        #expect(keys.count == 1 && keys[0].hasSuffix(".key"), "one device key file: \(keys)")
        let keyFiles = keys.map { fixture.deviceKeyFolder + "/" + $0 }
        for file in [fixture.path, fixture.path + "-wal", fixture.path + "-shm"] + keyFiles {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
        }
        let folderMode = try FileManager.default.attributesOfItem(atPath: fixture.deviceKeyFolder)
        #expect(folderMode[.posixPermissions] as? Int == 0o700)
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.path)
        #expect(mode[.posixPermissions] as? Int == 0o600)
        _ = vault
    }

    @Test func anUnknownFormatVersionIsRefused() throws {
        let fixture = try Self.twoItems()
        defer { fixture.remove() }
        try Self.edit(fixture) { db in try db.execute(sql: "UPDATE vault_meta SET format_version = 2") }
        let error = vaultError { _ = try fixture.reopen() }
        guard case .unsupportedFormat(let message) = error else {
            Issue.record("expected unsupportedFormat, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("version 2"))
    }
}
