import Benchmark
import Foundation
import RampartVault

/// The vault at 10, 1,000 and 100,000 generic passwords (issue 6 targets at 100,000 items: get
/// ≥ 50,000/s, durable set ≥ 2,000/s (one fsync'd transaction each), open + unlock ≤ 100 ms
/// excluding the KDF; issue 30: how each cost grows with the item count). The vault is created
/// with scrypt work factor 15, the least a vault accepts, so an unlock includes one scrypt of that
/// cost at every size. Throughput is in operations per second (scaled iterations). Each size
/// builds its own vault in its benchmarks' setup.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(5), maxIterations: 1_000)

    for size in BenchVault.sizes {
        let fixture = BenchVault(count: size)
        let start: Benchmark.BenchmarkSetupHook = { try fixture.start() }
        let stop: Benchmark.BenchmarkTeardownHook = { fixture.stop() }

        Benchmark(
            "get (\(fixture.label) items)", configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                try fixture.forEachRandomItem(of: benchmark) { vault, identity in
                    blackHole(try vault.value(for: identity))
                }
            }, setup: start, teardown: stop)
        Benchmark(
            "set, durable (\(fixture.label) items)", configuration: .init(scalingFactor: .one, maxIterations: 5_000),
            closure: { benchmark in
                try fixture.forEachRandomItem(of: benchmark) { vault, identity in
                    try vault.set(Data("new value".utf8), for: identity)
                }
            }, setup: start, teardown: stop)
        Benchmark(
            "open + unlock (\(fixture.label) items, KDF log2 N=15)", configuration: .init(maxIterations: 200),
            closure: { benchmark in
                guard let path = fixture.path else { return }
                for _ in benchmark.scaledIterations {
                    let opened = try Vault(path: path)
                    try opened.unlock(passphrase: BenchVault.passphrase)
                    blackHole(opened)
                }
            }, setup: start, teardown: stop)
    }
}
