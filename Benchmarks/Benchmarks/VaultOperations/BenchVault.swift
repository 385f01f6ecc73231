import Benchmark
import Foundation
import RampartVault

/// A vault of `count` generic passwords in a temporary folder, created by a benchmark's setup and
/// removed by its teardown (nothing is created when benchmarks are only listed).
final class BenchVault: @unchecked Sendable {
    static let passphrase = "benchmark passphrase"
    /// The lowest scrypt work factor (log2 N) a vault accepts.
    static let workFactor = 15

    /// The item counts the scale curve measures (issue 30: 10 → 100,000 items).
    static let sizes = [10, 1_000, 100_000]

    let count: Int
    private let lock = NSLock()
    private var folder: URL?
    private var opened: Vault?
    private var made: [ItemIdentity] = []

    init(count: Int) {
        self.count = count
    }

    var vault: Vault? { lock.withLock { opened } }
    var path: String? { lock.withLock { folder?.appendingPathComponent("vault.sqlite").path } }
    /// The items' identities, in the order they were stored (empty until ``start()``).
    var identities: [ItemIdentity] { lock.withLock { made } }

    /// `count` written for people, as the benchmark names show it: 100,000.
    var label: String {
        var grouped = ""
        for (position, digit) in String(count).reversed().enumerated() {
            if position > 0 && position % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed())
    }

    /// Creates the vault (scrypt work factor 15, the least a vault accepts since 0.3.0, so an unlock
    /// costs one scrypt at log2 N = 15 whatever the size) and fills it in
    /// batches of 10,000 items, one transaction each.
    func start() throws {
        try lock.withLock {
            guard opened == nil else { return }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rampart-vault-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.folder = folder
            let vault = try Vault.create(
                at: folder.appendingPathComponent("vault.sqlite").path, passphrase: Self.passphrase,
                options: VaultOptions(workFactor: Self.workFactor))
            let identities = (0..<count).map {
                ItemIdentity.genericPassword(service: "service-\($0 % 100)", account: "account-\($0)")
            }
            var batch: [ItemIdentity: Data] = [:]
            for (index, identity) in identities.enumerated() {
                batch[identity] = Data("secret value number \(index)".utf8)
                if batch.count == 10_000 || index == identities.count - 1 {
                    try vault.set(batch)
                    batch = [:]
                }
            }
            made = identities
            opened = vault
        }
    }

    /// Runs `body` once per scaled iteration of `benchmark`, on the vault and an item drawn at
    /// random (nothing when the vault was not started).
    func forEachRandomItem(of benchmark: Benchmark, _ body: (Vault, ItemIdentity) throws -> Void) rethrows {
        guard let vault, case let identities = self.identities, !identities.isEmpty else { return }
        var generator = SystemRandomNumberGenerator()
        for _ in benchmark.scaledIterations {
            try body(vault, identities[Int.random(in: 0..<identities.count, using: &generator)])
        }
    }

    func stop() {
        lock.withLock {
            opened = nil
            made = []
            if let folder { try? FileManager.default.removeItem(at: folder) }
            folder = nil
        }
    }
}
