import Foundation
import RampartVault

/// The vault the benchmarks measure: 100,000 generic passwords in a temporary folder, created by a
/// benchmark's setup and removed by its teardown (nothing is created when benchmarks are only
/// listed).
final class BenchVault: @unchecked Sendable {
    static let shared = BenchVault()
    static let count = 100_000
    static let passphrase = "benchmark passphrase"

    let identities = (0..<count).map {
        ItemIdentity.genericPassword(service: "service-\($0 % 100)", account: "account-\($0)")
    }
    private let lock = NSLock()
    private var folder: URL?
    private var opened: Vault?

    var vault: Vault? { lock.withLock { opened } }
    var path: String? { lock.withLock { folder?.appendingPathComponent("vault.sqlite").path } }

    /// Creates the vault (scrypt work factor 1, so unlocking costs no KDF time) and fills it.
    func start() throws {
        try lock.withLock {
            guard opened == nil else { return }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rampart-vault-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.folder = folder
            let vault = try Vault.create(
                at: folder.appendingPathComponent("vault.sqlite").path, passphrase: Self.passphrase,
                options: VaultOptions(workFactor: 1))
            var batch: [ItemIdentity: Data] = [:]
            for (index, identity) in identities.enumerated() {
                batch[identity] = Data("secret value number \(index)".utf8)
                if batch.count == 10_000 {
                    try vault.set(batch)
                    batch = [:]
                }
            }
            opened = vault
        }
    }

    func stop() {
        lock.withLock {
            opened = nil
            if let folder { try? FileManager.default.removeItem(at: folder) }
            folder = nil
        }
    }
}
