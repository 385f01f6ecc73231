import Benchmark
import Foundation
import NIOSSL
import RampartTestKit
import RampartTrust
import RampartTrustNIO
import X509

/// Trust decisions on the lab's RSA-2048 root → intermediate → P-256 leaf chain.
/// Targets (issue 3): a pin check on an already-validated chain ≤ 5 µs; handshakes with pinning
/// ≥ 97% of the throughput without.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(4), maxIterations: 100_000)

    guard let pki = try? LabPKI.shared(), let good = try? pki.chain(.good), let backup = try? pki.chain(.p384),
        let leafPin = try? SPKIPin(certificate: good.leaf.certificate),
        let backupPin = try? SPKIPin(certificate: backup.leaf.certificate),
        let pins = try? PinnedHost(
            domain: "localhost", pins: [.init(leafPin, scope: .leaf), .init(backupPin, scope: .leaf)])
    else { return }
    let validated = good.served + [pki.root.certificate]
    let pinned = TrustEvaluator(anchors: .only([pki.root.certificate]), pinning: [pins])
    let unpinned = TrustEvaluator(anchors: .only([pki.root.certificate]))

    guard let fingerprints = try? ChainFingerprints(validated) else { return }

    Benchmark("pin check on a cached chain (fingerprints computed once)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pinned.checkPins(fingerprints, host: "localhost"))
        }
    }

    Benchmark("pin check on a validated chain") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pinned.checkPins(validatedChain: validated, host: "localhost"))
        }
    }

    Benchmark("full decision: chain + host + ATS rules + pins") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await pinned.evaluate(served: good.served, host: "localhost"))
        }
    }

    Benchmark("full decision: chain + host + ATS rules, no pins") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await unpinned.evaluate(served: good.served, host: "localhost"))
        }
    }

    // What the NIOSSL callback does before deciding: the served chain from BoringSSL's form to
    // swift-certificates'.
    guard let wire = try? good.served.map({ try NIOSSLCertificate(bytes: $0.derBytes, format: .der) }) else { return }
    Benchmark("decode a served chain (NIOSSL DER to swift-certificates)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try wire.map { try Certificate(derEncoded: $0.toDERBytes()) })
        }
    }

    Benchmark("handshake + GET, BoringSSL verification (no pins)") { benchmark in
        try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [pki.root.certificate])
                )
            }
            benchmark.stopMeasurement()
        }
    }

    for (name, evaluator) in [("Rampart trust, no pins", unpinned), ("Rampart trust with pins", pinned)] {
        Benchmark("handshake + GET, \(name)") { benchmark in
            try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    let trust = TrustVerificationCallback(evaluator: evaluator, host: "localhost")
                    blackHole(
                        try await LabClient.get(
                            host: server.host, port: server.port, serverName: "localhost", trusting: [],
                            verification: { trust.callback }))
                }
                benchmark.stopMeasurement()
            }
        }
    }

    // A client keeps one decoding cache for all its connections: the served certificates are
    // parsed once, every handshake is still validated and pinned in full.
    Benchmark("handshake + GET, Rampart trust with pins, shared decoding cache") { benchmark in
        let decoding = CertificateDecodingCache()
        try await LabServer.withServer(LabServerConfiguration(chain: good)) { server in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let trust = TrustVerificationCallback(evaluator: pinned, host: "localhost", decoding: decoding)
                blackHole(
                    try await LabClient.get(
                        host: server.host, port: server.port, serverName: "localhost", trusting: [],
                        verification: { trust.callback }))
            }
            benchmark.stopMeasurement()
        }
    }
}
