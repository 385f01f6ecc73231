import Benchmark
import Foundation
import RampartSeal

/// Encryption at rest, in memory: age STREAM and RNCryptor v3 over 16 MiB per iteration.
/// Targets (issue 5, measured end to end on 1 GiB files by Scripts/bench-cli seal): age at least as
/// fast as the `age` CLI; RNCryptor ≥ 0.45 GB/s encrypt and ≥ 0.9 GB/s decrypt.
/// Throughput here is in iterations per second: multiply by 16 MiB for bytes per second.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(5), maxIterations: 40)

    let size = 16 << 20
    var generator = SystemRandomNumberGenerator()
    let plaintext = Data(
        (0..<size / 8).flatMap { _ -> [UInt8] in
            withUnsafeBytes(of: generator.next() as UInt64) { Array($0) }
        })
    let identity = X25519Identity.generate()
    let ageFile = (try? Age.encrypt(plaintext, to: [identity.recipient])) ?? Data()
    let password = "benchmark password"
    let rncryptorMessage = (try? RNCryptor.encrypt(plaintext, password: password)) ?? Data()

    Benchmark("age encrypt 16 MiB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Age.encrypt(plaintext, to: [identity.recipient]))
        }
    }
    Benchmark("age decrypt 16 MiB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Age.decrypt(ageFile, with: [identity]))
        }
    }
    Benchmark("RNCryptor encrypt 16 MiB (password, 2 PBKDF2 runs included)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try RNCryptor.encrypt(plaintext, password: password))
        }
    }
    Benchmark("RNCryptor decrypt 16 MiB (password, 2 PBKDF2 runs included)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try RNCryptor.decrypt(rncryptorMessage, password: password))
        }
    }
}
