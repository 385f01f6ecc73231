// Fuzzes the vault backup reader: the plaintext inside a backup's age file (JSON items), through
// the checks `Vault.importBackup` runs before it writes. Replays also run the whole import — the
// plaintext sealed to a passphrase, imported into a fresh temporary vault — which is too slow
// (scrypt, SQLite with fsync) for every fuzzing iteration; the age layer has its own targets.
import Foundation
import RampartSeal
import RampartVault

enum FuzzVaultBackup {
    static let target = FuzzTarget(
        name: "vault-backup", maxLength: 16 * 1024,
        summary: "vault backup plaintext: Vault.checkBackupPlaintext (replay: importBackup too)", run: run)

    static func run(_ data: Data) {
        let checked = try? Vault.checkBackupPlaintext(data, path: "fuzz")
        #if !RAMPART_FUZZING
            // What the checks accept, the real import stores, item for item; what they refuse, it refuses.
            let imported = importIntoFreshVault(data)
            FuzzCheck.require(
                imported == checked, target.name,
                "importBackup stored \(imported.map(String.init) ?? "nothing") where the checks accepted "
                    + "\(checked.map(String.init) ?? "nothing")")
        #endif
    }

    /// Seals `plaintext` as a backup file, imports it into a new vault in a temporary folder and
    /// returns the number of items imported, or `nil` when the import refused it.
    static func importIntoFreshVault(_ plaintext: Data) -> Int? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let backup = folder.appendingPathComponent("backup.age")
            let sealed = try Age.encrypt(plaintext, to: [ScryptRecipient(passphrase: "backup", workFactor: 1)])
            try sealed.write(to: backup)
            let vault = try Vault.create(
                at: folder.appendingPathComponent("vault.sqlite").path, passphrase: "vault",
                options: VaultOptions(
                    testingWorkFactor: 4, deviceKeyFolder: folder.appendingPathComponent("device-keys").path))
            return try? vault.importBackup(from: backup.path, passphrase: "backup")
        } catch {
            FuzzCheck.fail(target.name, "cannot set up a temporary vault: \(error)")
        }
    }
}
