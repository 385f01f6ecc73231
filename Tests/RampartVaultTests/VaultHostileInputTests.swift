import Foundation
import GRDB
import RampartVault
import Testing

/// Issue 17, "Reliability and hostile use": names that are not UTF-8, files that are not vaults,
/// damaged tables, hostile scrypt costs, backup files that are missing or in the way.
@Suite("Hostile names, files and tables")
struct VaultHostileInputTests {
    static let id = ItemIdentity.genericPassword(service: "svc", account: "acct")

    /// A vault with one item, closed.
    static func oneItem() throws -> VaultFixture {
        let fixture = try VaultFixture()
        try fixture.create().set(Data(text: "value"), for: id)
        return fixture
    }

    static func edit(_ fixture: VaultFixture, _ sql: String) throws {
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    static func unlocked(_ fixture: VaultFixture, passphrase: String = VaultFixture.passphrase) throws -> Vault {
        let vault = try fixture.reopen()
        try vault.unlock(passphrase: passphrase)
        return vault
    }

    // MARK: - Names

    @Test func namesThatAreNotUTF8AreRefusedNamingTheField() throws {
        let bad = vaultError {
            _ = try ItemIdentity(
                itemClass: .genericPassword,
                encodedFields: [.service: Data("svc".utf8), .account: Data([0x61, 0xFF])])
        }
        guard case .invalidEncoding(let field, let message) = bad else {
            Issue.record("expected invalidEncoding, got \(String(describing: bad))")
            return
        }
        #expect(field == .account)
        #expect(message.detail.contains("0xFF at offset 1"))
        #expect(bad?.status == -50)
        let good = try ItemIdentity(
            itemClass: .genericPassword, encodedFields: [.service: Data("svc".utf8), .account: Data("é".utf8)])
        #expect(good == .genericPassword(service: "svc", account: "é"))
    }

    @Test func aNameDecodedLossilyIsRefusedSoTwoByteNamesNeverBecomeOneItem() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        // What `a\xFF` and `a\xFE` both become through String(decoding:as:).
        let lossy = String(decoding: [0x61, 0xFF], as: UTF8.self)
        #expect(lossy == String(decoding: [0x61, 0xFE], as: UTF8.self))
        let refused = vaultError { try vault.set(Data(text: "1"), for: .genericPassword(service: lossy, account: "x")) }
        guard case .invalidEncoding(.service, _) = refused else {
            Issue.record("expected invalidEncoding(.service), got \(String(describing: refused))")
            return
        }
        let many = vaultError { try vault.set([.genericPassword(service: "s", account: lossy): Data(text: "1")]) }
        guard case .invalidEncoding(.account, _) = many else {
            Issue.record("expected invalidEncoding(.account), got \(String(describing: many))")
            return
        }
        #expect(status { _ = try vault.items(matching: VaultQuery(itemClass: .genericPassword)) } == -25300)
    }

    @Test func messagesCutLongNamesAndEscapeControlCharacters() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let long = String(repeating: "x", count: 120_000)
        let missing = vaultError { _ = try vault.value(for: .genericPassword(service: long, account: "a")) }
        let text = missing?.description ?? ""
        #expect(text.count < 400, "\(text.count) characters")
        #expect(text.contains("(120000 bytes)"))
        let hostile = "title\u{1B}]0;owned\u{07}\n\u{202E}txt.exe\u{9B}2J"
        let escaped = vaultError { _ = try vault.value(for: .genericPassword(service: hostile, account: "a")) }
        let message = escaped?.description ?? ""
        #expect(message.contains(#"title\u{1b}]0;owned\u{7}\n\u{202e}txt.exe\u{9b}2J"#), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!message.unicodeScalars.contains("\u{202E}"))
    }

    // MARK: - Files that are not vaults

    @Test(arguments: [Data(), Data(repeating: 0x41, count: 4096), Data("SQLite format 2\0 and more".utf8)])
    func aFileThatIsNotAVaultIsRefusedAndLeftAsItIs(contents: Data) throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        try contents.write(to: URL(fileURLWithPath: fixture.path))
        let error = vaultError { _ = try fixture.reopen() }
        guard case .unsupportedFormat(let message) = error else {
            Issue.record("expected unsupportedFormat, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains(contents.isEmpty ? "empty" : "not an SQLite database"))
        #expect(FileManager.default.contents(atPath: fixture.path) == contents)
        for companion in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.path + companion), "\(companion) left behind")
        }
    }

    @Test func anSQLiteFileThatIsNotAVaultIsLeftAsItIs() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x')") }
        try queue.close()
        let before = FileManager.default.contents(atPath: fixture.path)
        let error = vaultError { _ = try fixture.reopen() }
        guard case .unsupportedFormat(let message) = error else {
            Issue.record("expected unsupportedFormat, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("not a Rampart vault"))
        #expect(FileManager.default.contents(atPath: fixture.path) == before)
        for companion in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.path + companion), "\(companion) left behind")
        }
    }

    @Test func aDirectoryOrADeviceIsNamedForWhatItIs() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let directory = vaultError { _ = try Vault(path: fixture.folder.path) }
        #expect({ if case .unsupportedFormat? = directory { true } else { false } }())
        #expect(directory?.description.contains("is a directory") == true, "\(String(describing: directory))")
        let device = vaultError { _ = try Vault(path: "/dev/null") }
        #expect({ if case .unsupportedFormat? = device { true } else { false } }())
        #expect(device?.description.contains("character device") == true, "\(String(describing: device))")
    }

    // MARK: - Damaged tables

    @Test func aDamagedKeyTableIsNotAWrongPassphrase() throws {
        let fixture = try Self.oneItem()
        defer { fixture.remove() }
        // Same length, one bit flipped: the right passphrase opens the other keys.
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in
            var wrapped =
                try Data.fetchOne(db, sql: "SELECT wrapped FROM vault_keys WHERE name = 'whenUnlocked'") ?? Data()
            wrapped[wrapped.count / 2] ^= 0x01
            try db.execute(sql: "UPDATE vault_keys SET wrapped = ? WHERE name = 'whenUnlocked'", arguments: [wrapped])
        }
        try queue.close()
        let altered = vaultError { _ = try Self.unlocked(fixture) }
        guard case .damaged(let message) = altered else {
            Issue.record("expected damaged, got \(String(describing: altered))")
            return
        }
        #expect(message.detail.contains("whenUnlocked"))
        // A wrong passphrase opens none of them, and is still reported as such.
        let wrong = vaultError { _ = try Self.unlocked(fixture, passphrase: "wrong") }
        guard case .wrongPassphrase = wrong else {
            Issue.record("expected wrongPassphrase, got \(String(describing: wrong))")
            return
        }
    }

    @Test(arguments: [
        "UPDATE vault_keys SET wrapped = X'00' WHERE name = 'lookup'",
        "DELETE FROM vault_keys WHERE name = 'lookup'",
        "DELETE FROM vault_keys WHERE name = 'afterFirstUnlock'",
    ])
    func aTruncatedOrMissingKeyIsDamageWhateverThePassphrase(sql: String) throws {
        let fixture = try Self.oneItem()
        defer { fixture.remove() }
        try Self.edit(fixture, sql)
        for passphrase in [VaultFixture.passphrase, "wrong"] {
            let error = vaultError { _ = try Self.unlocked(fixture, passphrase: passphrase) }
            guard case .damaged = error else {
                Issue.record("\(sql), \(passphrase): expected damaged, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func aMissingTableIsDamage() throws {
        let fixture = try Self.oneItem()
        defer { fixture.remove() }
        try Self.edit(fixture, "DROP TABLE items")
        let error = vaultError { _ = try fixture.reopen() }
        guard case .damaged(let message) = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("items"))
    }

    // MARK: - scrypt costs

    @Test(arguments: [
        (22, 32, 1),  // 16 GiB, accepted before
        (23, 8, 1),  // 8 GiB
        (22, 8, 2),  // 4 GiB, twice
        (16, 8, 17),  // parallelism out of range
        (0, 8, 1),
    ])
    func hostileStoredScryptCostsAreRefusedBeforeAnyAllocation(workFactor: Int, blockSize: Int, parallelism: Int)
        throws
    {
        let fixture = try Self.oneItem()
        defer { fixture.remove() }
        try Self.edit(
            fixture,
            "UPDATE vault_meta SET kdf_work_factor = \(workFactor), kdf_block_size = \(blockSize), "
                + "kdf_parallelism = \(parallelism)")
        let error = vaultError { _ = try fixture.reopen() }
        guard case .damaged(let message) = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("4 GiB"))
    }

    @Test func creationRefusesACostAbove4GiB() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let error = vaultError { _ = try fixture.create(options: VaultOptions(workFactor: 23)) }
        guard case .invalidParameter(let message) = error else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("outside 15…22; choose"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
    }

    @Test("the public API refuses scrypt work factors under 15 for a vault and for a backup", arguments: [1, 4, 14])
    func weakWorkFactorsAreRefused(workFactor: Int) throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let error = vaultError { _ = try fixture.create(options: VaultOptions(workFactor: workFactor)) }
        guard case .invalidParameter(let message) = error else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(message.detail.contains("outside 15…22"))
        #expect(message.detail.contains("cheap to guess"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
        var lowered = VaultOptions()
        lowered.workFactor = workFactor
        #expect(status { _ = try fixture.create(options: lowered) } == -50)

        let vault = try fixture.create()
        let backup = fixture.folder.appendingPathComponent("backup.age").path
        let weakBackup = vaultError { try vault.exportBackup(to: backup, passphrase: "b", workFactor: workFactor) }
        guard case .invalidParameter(let backupMessage) = weakBackup else {
            Issue.record("expected invalidParameter, got \(String(describing: weakBackup))")
            return
        }
        #expect(backupMessage.detail.contains("outside 15…22"))
        #expect(backupMessage.path == backup)
        #expect(!FileManager.default.fileExists(atPath: backup))
    }

    @Test("a vault made weaker than 15 gets 15 when its passphrase changes, and so do new application passwords")
    func aWeakVaultIsRaisedToTheFloor() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        _ = try fixture.create()  // log2 N = 4, as `vault init --work-factor 1` could make one before
        let vault = try fixture.reopen(options: VaultOptions())
        try vault.unlock(passphrase: VaultFixture.passphrase)
        try vault.set(Data(text: "v"), for: Self.id, applicationPassword: "app password")
        try vault.changePassphrase(from: VaultFixture.passphrase, to: "a new passphrase")
        let queue = try DatabaseQueue(path: fixture.path)
        let (stored, salt) = try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT kdf_work_factor FROM vault_meta"),
                try Data.fetchOne(db, sql: "SELECT app_salt FROM items WHERE app_salt IS NOT NULL")
            )
        }
        try queue.close()
        #expect(stored == 15)
        #expect(salt?.first == 15, "the application password's own scrypt parameters")
        let reopened = try fixture.reopen()
        try reopened.unlock(passphrase: "a new passphrase")
        #expect(try reopened.value(for: Self.id, applicationPassword: "app password") == Data(text: "v"))
    }

    @Test("work factor 15 is the least the public API accepts, for a vault and for a backup")
    func workFactor15IsAccepted() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create(options: VaultOptions(workFactor: VaultOptions.minimumWorkFactor))
        try vault.set(Data(text: "v"), for: .genericPassword(service: "s", account: "a"))
        let backup = fixture.folder.appendingPathComponent("backup.age").path
        #expect(try vault.exportBackup(to: backup, passphrase: "b", workFactor: 15) == 1)
        let reopened = try fixture.reopen()
        try reopened.unlock(passphrase: VaultFixture.passphrase)
        #expect(try reopened.value(for: .genericPassword(service: "s", account: "a")) == Data(text: "v"))
    }

    // MARK: - Backup files

    @Test func importingAMissingBackupIsFileNotFound() throws {
        let fixture = try VaultFixture()
        defer { fixture.remove() }
        let vault = try fixture.create()
        let missing = vaultError {
            try vault.importBackup(from: fixture.folder.appendingPathComponent("missing.age").path, passphrase: "p")
        }
        guard case .fileNotFound = missing else {
            Issue.record("expected fileNotFound, got \(String(describing: missing))")
            return
        }
        let directory = vaultError { try vault.importBackup(from: fixture.folder.path, passphrase: "p") }
        #expect(directory?.description.contains("is a directory") == true, "\(String(describing: directory))")
        let device = vaultError { try vault.importBackup(from: "/dev/zero", passphrase: "p") }
        #expect(device?.description.contains("not a regular file") == true, "\(String(describing: device))")
    }

    @Test func exportingOverAFileIsRefusedUnlessReplacing() throws {
        let fixture = try Self.oneItem()
        defer { fixture.remove() }
        let vault = try Self.unlocked(fixture)
        let backup = fixture.folder.appendingPathComponent("backup.age").path
        try Data(text: "old").write(to: URL(fileURLWithPath: backup))
        let exists = vaultError { try vault.exportBackup(to: backup, passphrase: "b", testingWorkFactor: 4) }
        guard case .fileExists(let message) = exists else {
            Issue.record("expected fileExists, got \(String(describing: exists))")
            return
        }
        #expect(message.detail.contains("already exists"))
        #expect(FileManager.default.contents(atPath: backup) == Data(text: "old"))
        #expect(try vault.exportBackup(to: backup, passphrase: "b", testingWorkFactor: 4, replacing: true) == 1)
        #expect(FileManager.default.contents(atPath: backup) != Data(text: "old"))
        let other = try VaultFixture()
        defer { other.remove() }
        #expect(try other.create().importBackup(from: backup, passphrase: "b") == 1)
        let directory = vaultError {
            try vault.exportBackup(to: fixture.folder.path, passphrase: "b", testingWorkFactor: 4, replacing: true)
        }
        #expect({ if case .cannotCreateFile? = directory { true } else { false } }())
        #expect(directory?.description.contains("is a directory") == true)
    }
}
