import Foundation
import RampartVault

/// Chapter: keychain-style secrets in a `RampartVault` file. A generic password goes in and comes
/// back; a wrong passphrase opens nothing; a `ThisDeviceOnly` item never leaves the device in a
/// backup; and the file on disk holds no secret, service or account in the clear.
struct VaultChapter: DemoChapter {
    let title = "Keychain-style secrets: the vault"

    /// scrypt at N = 2^4 keeps the demo fast; real vaults use the default (2^17).
    static let options = VaultOptions(testingWorkFactor: 4)

    /// `options` with the device keys of the vault at `path` kept in the demo's scratch folder,
    /// not in the user's `~/.local/state`.
    static func options(for path: String) -> VaultOptions {
        var options = Self.options
        options.deviceKeyFolder =
            URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("device-keys").path
        return options
    }
    static let passphrase = "demo vault passphrase"
    static let backupPassphrase = "demo backup passphrase"

    /// An item that may travel in a backup.
    static let portable = ItemIdentity.genericPassword(service: "api.payments.example", account: "deploy-bot")
    /// An item bound to this machine.
    static let deviceBound = ItemIdentity.genericPassword(service: "push-notifications", account: "this-handset")

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let folder = lab.scratch.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("demo.vault").path
        let secret = Data("tok_\(Self.randomHex(16))".utf8)
        let deviceSecret = Data("dev_\(Self.randomHex(16))".utf8)

        let created: (vault: Vault, step: DemoStep)
        do {
            created = try storeAndReadBack(secret, at: path)
        } catch {
            return [
                DemoStep(
                    title: "A generic password stored in a new vault reads back", expected: .allowed,
                    observed: .blocked, details: ["\(error)"])
            ]
        }
        var steps = [created.step]
        steps.append(wrongPassphrase(path: path))
        steps.append(
            backupLeavesDeviceItemsBehind(created.vault, deviceSecret: deviceSecret, portableSecret: secret, in: folder)
        )
        let values = [
            ("the secret value", secret), ("the device-bound value", deviceSecret),
            ("the vault passphrase", Data(Self.passphrase.utf8)),
        ]
        steps.append(
            noPlaintext(in: [path, Self.restoredPath(folder), Self.backupPath(folder)], secrets: values + Self.names))
        return steps
    }

    /// Creates the vault, stores `secret` as a generic password and reads it back.
    private func storeAndReadBack(_ secret: Data, at path: String) throws(VaultError) -> (Vault, DemoStep) {
        let vault = try Vault.create(at: path, passphrase: Self.passphrase, options: Self.options(for: path))
        try vault.set(secret, for: Self.portable)
        let back = try vault.value(for: Self.portable)
        let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int).map {
            String($0, radix: 8)
        }
        let step = DemoStep(
            title: "A generic password stored in a new vault reads back", expected: .allowed,
            observed: back == secret ? .allowed : .blocked,
            details: [
                "vault \(URL(fileURLWithPath: path).lastPathComponent) created, mode \(mode ?? "unknown")",
                "scrypt work factor \(Self.options.workFactor) (N = \(1 << Self.options.workFactor)) to keep the demo fast; "
                    + "vaults default to \(VaultOptions().workFactor)",
                "set \(Self.portable): \(Self.masked(secret))",
                back == secret
                    ? "read back the same \(back.count) bytes"
                    : "read back \(back.count) bytes that differ from the value set",
            ])
        return (vault, step)
    }

    /// Opens the same file afresh and unlocks it with the wrong passphrase: refused, and the item
    /// stays unreadable.
    private func wrongPassphrase(path: String) -> DemoStep {
        let title = "The same file opened with a wrong passphrase gives nothing"
        var details: [String] = []
        let intruder: Vault
        do {
            intruder = try Vault(path: path, options: Self.options(for: path))
        } catch {
            return DemoStep(title: title, expected: .blocked, observed: .allowed, details: ["cannot open: \(error)"])
        }
        var refused = false
        do {
            try intruder.unlock(passphrase: "not the passphrase")
            details.append("unlock succeeded")
        } catch {
            if case .wrongPassphrase = error { refused = true }
            details.append("unlock: \(error) (keychain status \(error.status))")
        }
        do {
            let value = try intruder.value(for: Self.portable)
            refused = false
            details.append("read \(Self.portable): \(Self.masked(value))")
        } catch {
            details.append("read \(Self.portable): \(error)")
        }
        return DemoStep(title: title, expected: .blocked, observed: refused ? .blocked : .allowed, details: details)
    }

    /// Stores a `ThisDeviceOnly` item beside the portable one, exports a backup, imports it into a
    /// second fresh vault: only the portable item arrives. Blocked means the device-bound item
    /// stayed behind while the portable one arrived intact.
    private func backupLeavesDeviceItemsBehind(
        _ vault: Vault, deviceSecret: Data, portableSecret: Data, in folder: URL
    ) -> DemoStep {
        let title = "An item stored whenUnlockedThisDeviceOnly is left out of a backup"
        let backup = Self.backupPath(folder)
        let restoredPath = Self.restoredPath(folder)
        var details: [String] = []
        do {
            let protection = ItemProtection(accessibility: .whenUnlockedThisDeviceOnly)
            try vault.set(deviceSecret, for: Self.deviceBound, protection: protection)
            let here = try vault.value(for: Self.deviceBound)
            details.append(
                "set \(Self.deviceBound) as \(protection.accessibility): \(Self.masked(deviceSecret)); "
                    + (here == deviceSecret ? "readable on this device" : "reads back different bytes"))
            let inVault = try vault.items(matching: VaultQuery(itemClass: .genericPassword)).count
            let exported = try vault.exportBackup(
                to: backup, passphrase: Self.backupPassphrase, testingWorkFactor: Self.options.workFactor)
            details.append(
                "exported \(exported) of \(inVault) items to \(URL(fileURLWithPath: backup).lastPathComponent)")
            let restored = try Vault.create(
                at: restoredPath, passphrase: Self.passphrase, options: Self.options(for: restoredPath))
            let imported = try restored.importBackup(from: backup, passphrase: Self.backupPassphrase)
            let arrived = try restored.items(matching: VaultQuery(itemClass: .genericPassword))
            details.append(
                "imported \(imported) into a fresh vault, which now holds \(arrived.count): "
                    + arrived.map { "\($0.identity) (\($0.protection.accessibility))" }.joined(separator: ", "))
            let portableArrived = (try? restored.value(for: Self.portable)) == portableSecret
            details.append("\(Self.portable): " + (portableArrived ? "arrived intact" : "missing or altered"))
            var deviceItemMissing = false
            do {
                _ = try restored.value(for: Self.deviceBound)
                details.append("\(Self.deviceBound): arrived, though it is bound to this device")
            } catch {
                if case .itemNotFound = error { deviceItemMissing = true }
                details.append("\(Self.deviceBound): \(error)")
            }
            let held = deviceItemMissing && portableArrived && here == deviceSecret
            return DemoStep(title: title, expected: .blocked, observed: held ? .blocked : .allowed, details: details)
        } catch {
            details.append("\(error)")
            return DemoStep(title: title, expected: .blocked, observed: .allowed, details: details)
        }
    }

    /// Reads the raw bytes of each file and its `-wal` (when there is one: SQLite's write-ahead
    /// log) and searches them for every secret and name. Blocked means none of them is on disk in
    /// the clear.
    private func noPlaintext(in files: [String], secrets: [(String, Data)]) -> DemoStep {
        let title = "The vault files and the backup hold no plaintext: no secret, service or account"
        var details: [String] = []
        var found: [String] = []
        var searched = 0
        for file in files.flatMap({ [$0, $0 + "-wal"] }) {
            guard FileManager.default.fileExists(atPath: file) else { continue }
            let name = URL(fileURLWithPath: file).lastPathComponent
            guard let bytes = FileManager.default.contents(atPath: file) else {
                details.append("\(name): cannot be read")
                found.append(name)
                continue
            }
            searched += 1
            let hits = secrets.filter { bytes.range(of: $0.1) != nil }.map(\.0)
            found += hits.map { "\($0) in \(name)" }
            details.append(
                "\(name): \(bytes.count) bytes searched, "
                    + (hits.isEmpty ? "none found" : "found \(hits.joined(separator: ", "))"))
        }
        details.append("searched for \(secrets.count) strings: " + secrets.map(\.0).joined(separator: ", "))
        let clean = found.isEmpty && searched > 0
        if searched == 0 { details.append("no vault file was found to search") }
        return DemoStep(title: title, expected: .blocked, observed: clean ? .blocked : .allowed, details: details)
    }

    /// The service and account of each item, as searched for on disk.
    static var names: [(String, Data)] {
        [portable, deviceBound].flatMap { identity in
            [ItemField.service, .account].map { field in
                let name = identity[field] ?? ""
                return ("the \(field.rawValue) \"\(name)\"", Data(name.utf8))
            }
        }
    }

    /// The backup the chapter exports.
    static func backupPath(_ folder: URL) -> String { folder.appendingPathComponent("backup.age").path }

    /// The second vault the backup is imported into.
    static func restoredPath(_ folder: URL) -> String { folder.appendingPathComponent("restored.vault").path }

    /// A value as the demo may show it: four characters, then its length.
    static func masked(_ value: Data) -> String {
        "\(String(decoding: value.prefix(4), as: UTF8.self))… (\(value.count) bytes, masked)"
    }

    /// `count` random bytes as lowercase hexadecimal.
    static func randomHex(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }
}
