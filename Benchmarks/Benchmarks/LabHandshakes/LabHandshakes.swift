import Benchmark
import RampartTestKit

/// Full TLS handshakes plus one GET per iteration against a lab server on loopback: the baseline
/// that pinning and Rampart's client are measured against.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 2_000)

    Benchmark("handshake + GET, P-256 leaf, TLS 1.3") { benchmark in
        let pki = try LabPKI.shared()
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost",
                        trusting: [pki.root.certificate]))
            }
            benchmark.stopMeasurement()
        }
    }
}
