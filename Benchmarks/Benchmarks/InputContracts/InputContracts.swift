import Benchmark
import Foundation
import RampartValidation

/// Input contracts (issue 15). Targets: e-mail checks ≥ 2 M/s for typical addresses; image
/// structure checks ≥ 1 GB/s on a large JPEG (PNG bound by zlib's CRC-32); contract decoding of a
/// ~1 MB API response within 15 % of plain JSONDecoder.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(4), maxIterations: 100_000)

    let addresses = [
        "jane.doe@example.com", "john+news@mail.example.org", "a.very.long.local.part.indeed@sub.domain.example.co.uk",
        "support@rampart.dev", "x@y.io", "first_last-99@company-name.com", "user@localhost", "bad..dots@example.com",
    ]
    let validator = EmailAddressValidator()
    Benchmark("e-mail checks (8 typical addresses per iteration)") { benchmark in
        for _ in benchmark.scaledIterations {
            for address in addresses { blackHole(validator.check(address)) }
        }
    }

    // Synthetic, structurally valid images (SyntheticImages.swift): 64 MiB of entropy-coded data
    // with stuffed 0xFF bytes and restart markers; 64 MiB of IDAT in 1 MiB chunks.
    let inspector = ImageInspector()
    let jpeg = SyntheticImages.jpeg(entropyBytes: 64 << 20)
    let png = SyntheticImages.png(idatBytes: 64 << 20)
    let large = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], maxDuration: .seconds(4), maxIterations: 200)
    Benchmark("JPEG structure check, \(jpeg.count >> 20) MiB per iteration", configuration: large) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(inspector.inspect(jpeg)) }
    }
    Benchmark("PNG structure check with CRC-32, \(png.count >> 20) MiB per iteration", configuration: large) {
        benchmark in
        for _ in benchmark.scaledIterations { blackHole(inspector.inspect(png)) }
    }

    // A page of 1,600 issues (1.04 MB): plain Decodable types against the same shape as contracts.
    let body = APIResponse.json(issues: 1_600)
    let contract = ContractDecoder(
        limits: JSONLimits(maxBytes: 8 << 20, maxDepth: 16, maxStringBytes: 65_536, maxElements: 10_000))
    let decoding = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(4), maxIterations: 1_000)
    Benchmark("JSONDecoder, 1 MB API response", configuration: decoding) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? JSONDecoder().decode([APIResponse.PlainIssue].self, from: body))
        }
    }
    Benchmark("ContractDecoder, same response as JSON contracts", configuration: decoding) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? contract.decode([APIResponse.Issue].self, from: body))
        }
    }
    Benchmark("ContractDecoder.checkLimits: the pre-scan plus JSONSerialization", configuration: decoding) {
        benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? contract.checkLimits(body)) }
    }
}
