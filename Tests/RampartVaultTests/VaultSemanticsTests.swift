import Foundation
import RampartVault
import Testing

@Suite("Keychain semantics")
struct VaultSemanticsTests {
    let id = ItemIdentity.genericPassword(service: "api.example.com", account: "ci")

    @Test func setIsAnUpsertOnThePrimaryKey() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "one"), for: id, attributes: ItemAttributes(label: "first"))
        let created = try vault.items(matching: VaultQuery(itemClass: .genericPassword))[0].created
        try vault.set(Data(text: "two"), for: id, attributes: ItemAttributes(label: "second"))
        let items = try vault.items(matching: VaultQuery(itemClass: .genericPassword, returnData: true))
        #expect(items.count == 1)
        #expect(items[0].value == Data(text: "two"))
        #expect(items[0].attributes.label == "second")
        #expect(items[0].created == created)
        #expect(items[0].modified >= created)
    }

    @Test func addRefusesADuplicateWithItsStatus() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.add(Data(text: "one"), for: id)
        #expect(status { try vault.add(Data(text: "two"), for: id) } == -25299)
        #expect(try vault.value(for: id) == Data(text: "one"))
        #expect(status { try vault.set(Data(text: "three"), for: id) } == nil)
        #expect(try vault.value(for: id) == Data(text: "three"))
    }

    @Test func accessibilityIsProtectionNotIdentity() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "v1"), for: id, protection: ItemProtection(accessibility: .whenUnlocked))
        try vault.set(Data(text: "v2"), for: id, protection: ItemProtection(accessibility: .afterFirstUnlock))
        #expect(
            status {
                try vault.add(
                    Data(text: "v3"), for: id, protection: ItemProtection(accessibility: .whenUnlockedThisDeviceOnly))
            } == -25299)
        let items = try vault.items(matching: VaultQuery(itemClass: .genericPassword))
        #expect(items.count == 1)
        #expect(items[0].protection.accessibility == .afterFirstUnlock)
        vault.lock()
        #expect(try vault.value(for: id) == Data(text: "v2"))
    }

    @Test func everyPrimaryKeyFieldIsPartOfTheIdentity() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let identities: [ItemIdentity] = [
            .genericPassword(service: "s", account: "a"),
            .genericPassword(service: "s", account: "b"),
            .genericPassword(service: "s", account: "a", accessGroup: "team"),
            .genericPassword(service: "t", account: "a"),
            .internetPassword(server: "s", account: "a"),
            .internetPassword(server: "s", protocol: "ftp", account: "a"),
            .internetPassword(server: "s", port: 8443, account: "a"),
            .internetPassword(server: "s", path: "/x", account: "a"),
            .key(applicationTag: "s"),
            .key(applicationTag: "s", label: "a"),
        ]
        for (index, identity) in identities.enumerated() { try vault.add(Data(text: "v\(index)"), for: identity) }
        for (index, identity) in identities.enumerated() {
            #expect(try vault.value(for: identity) == Data(text: "v\(index)"))
        }
        #expect(try vault.items(matching: VaultQuery(itemClass: .genericPassword)).count == 4)
        #expect(try vault.items(matching: VaultQuery(itemClass: .internetPassword)).count == 4)
        #expect(try vault.items(matching: VaultQuery(itemClass: .key)).count == 2)
    }

    @Test(arguments: [(MatchLimit.one, 1), (.upTo(3), 3), (.upTo(50), 5), (.all, 5)])
    func matchLimits(limit: MatchLimit, expected: Int) throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        for index in 0..<5 {
            try vault.set(Data(text: "v\(index)"), for: .genericPassword(service: "db", account: "u\(index)"))
        }
        try vault.set(Data(text: "other"), for: .genericPassword(service: "web", account: "u0"))
        let found = try vault.items(
            matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "db"], limit: limit, returnData: true))
        #expect(found.count == expected)
        #expect(found.allSatisfy { $0.identity[.service] == "db" && $0.value?.starts(with: Data(text: "v")) == true })
    }

    @Test func queriesByAnyPartOfThePrimaryKey() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "1"), for: .internetPassword(server: "git.example.com", account: "me"))
        try vault.set(Data(text: "2"), for: .internetPassword(server: "git.example.com", port: 22, account: "you"))
        try vault.set(Data(text: "3"), for: .internetPassword(server: "ci.example.com", account: "me"))
        let mine = try vault.items(matching: VaultQuery(itemClass: .internetPassword, fields: [.account: "me"]))
        #expect(Set(mine.compactMap { $0.identity[.server] }) == ["git.example.com", "ci.example.com"])
        let onPort = try vault.items(
            matching: VaultQuery(itemClass: .internetPassword, fields: [.port: "22"], returnData: true))
        #expect(onPort.map(\.value) == [Data(text: "2")])
        let attributesOnly = try vault.items(
            matching: VaultQuery(itemClass: .internetPassword, fields: [.server: "ci.example.com"]))
        #expect(attributesOnly.count == 1 && attributesOnly[0].value == nil)
    }

    @Test func deleteRemovesOnlyTheNamedItem() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "a"), for: id)
        try vault.set(Data(text: "b"), for: .genericPassword(service: "api.example.com", account: "other"))
        try vault.delete(id)
        #expect(status { _ = try vault.value(for: id) } == -25300)
        #expect(status { try vault.delete(id) } == -25300)
        #expect(
            try vault.deleteItems(
                matching: VaultQuery(itemClass: .genericPassword, fields: [.service: "api.example.com"])) == 1)
        #expect(status { _ = try vault.items(matching: VaultQuery(itemClass: .genericPassword)) } == -25300)
    }

    @Test func batchSetUpsertsEveryItemInOneTransaction() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try vault.set(Data(text: "old"), for: .genericPassword(service: "batch", account: "0"))
        var batch: [ItemIdentity: Data] = [:]
        for index in 0..<50 { batch[.genericPassword(service: "batch", account: "\(index)")] = Data(text: "v\(index)") }
        try vault.set(batch)
        let stored = try vault.items(matching: VaultQuery(itemClass: .genericPassword, returnData: true))
        #expect(stored.count == 50)
        for item in stored { #expect(item.value == Data(text: "v\(item.identity[.account] ?? "")")) }
        batch[.genericPassword(service: "", account: "invalid")] = Data(text: "x")
        #expect(status { try vault.set(batch) } == -50)
    }

    @Test func keysOfEveryTypeRoundTrip() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let keys: [(String, Data)] = [
            ("p256", P256Bytes.sample), ("bytes", Data(repeating: 7, count: 1200)),
        ]
        for (tag, bytes) in keys { try vault.set(bytes, for: .key(applicationTag: tag, label: "signing")) }
        for (tag, bytes) in keys { #expect(try vault.value(for: .key(applicationTag: tag, label: "signing")) == bytes) }
    }
}

enum P256Bytes {
    static let sample = Data((0..<32).map { UInt8($0 * 7 % 251) })
}

@Suite("One vault shared by threads; re-creating over leftovers")
struct VaultSharingTests {
    @Test func threadsReadAndWriteOneVault() async throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<25 {
                        let id = ItemIdentity.genericPassword(service: "w\(worker)", account: "\(index)")
                        try vault.set(Data(text: "\(worker)-\(index)"), for: id)
                        #expect(try vault.value(for: id) == Data(text: "\(worker)-\(index)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try vault.items(matching: VaultQuery(itemClass: .genericPassword)).count == 100)
    }

    @Test func aStaleDeviceFileIsReplacedWhenAVaultIsCreated() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        try Data(repeating: 9, count: 32).write(to: URL(fileURLWithPath: fixture.path + ".device"))
        let vault = try fixture.create()
        let id = ItemIdentity.genericPassword(service: "s", account: "a")
        try vault.set(Data(text: "v"), for: id, protection: ItemProtection(accessibility: .whenUnlockedThisDeviceOnly))
        let reopened = try fixture.reopen()
        try reopened.unlock(passphrase: VaultFixture.passphrase)
        #expect(try reopened.value(for: id) == Data(text: "v"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".device"), "the stale file is removed")
    }
}
