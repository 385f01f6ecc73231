import AsyncHTTPClient
import Benchmark
import Foundation
import NIOConcurrencyHelpers
import NIOSSL
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import RampartTrust

/// Rampart's client against AsyncHTTPClient on the same local nginx (TLS 1.3, P-256 leaf):
/// requests over one kept-alive connection, and full handshakes (a new connection per request)
/// with and without pins. One request at a time, so each number is the per-request cost. Over
/// HTTP/2 (a second nginx, `listen … ssl http2`), batches of 100 concurrent GETs on one
/// connection each (streams, not sockets): the batch's time, so p99 is the slowest batches'.
let benchmarks: @Sendable () -> Void = {
    // nginx starts once for the target and stops after it; a thousand requests per sample.
    Benchmark.setup = { try await SharedNginx.start() }
    Benchmark.teardown = { await SharedNginx.stop() }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(10),
        maxIterations: 50)

    Benchmark("keep-alive GET, Rampart HTTPClient") { benchmark in
        try await withNginx { nginx, pki in
            let client = try RampartHTTP.HTTPClient(configuration: try rampartConfiguration(pki, pinned: false))
            defer { client.shutdown() }
            let url = URL(string: nginx.httpsURL + "/")!
            _ = try await fetch(client, url)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(try await fetch(client, url)) }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("keep-alive GET, AsyncHTTPClient") { benchmark in
        try await withNginx { nginx, pki in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates([
                try NIOSSLCertificate(bytes: Array(pki.root.certificatePEM.utf8), format: .pem)
            ])
            let client = AsyncHTTPClient.HTTPClient(
                eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
            let url = nginx.httpsURL + "/"
            do {
                _ = try await ahcFetch(client, url)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { blackHole(try await ahcFetch(client, url)) }
                benchmark.stopMeasurement()
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    for pinned in [false, true] {
        Benchmark("handshake + GET, Rampart HTTPClient, \(pinned ? "pinned" : "no pins")") { benchmark in
            try await withNginx { nginx, pki in
                var configuration = try rampartConfiguration(pki, pinned: pinned)
                configuration.limits.maxIdleConnectionsPerOrigin = 0
                let client = try RampartHTTP.HTTPClient(configuration: configuration)
                defer { client.shutdown() }
                let url = URL(string: nginx.httpsURL + "/")!
                _ = try await fetch(client, url)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { blackHole(try await fetch(client, url)) }
                benchmark.stopMeasurement()
            }
        }
    }

    // The same handshakes, pinned and unpinned clients alternating request by request, so both
    // see the same machine state (TIME_WAIT sockets, other load): each sample records the median
    // of each side and the pinned/unpinned ratio in per mille.
    let interleaved: [BenchmarkMetric] = [
        .custom("unpinned handshake+GET (µs)", useScalingFactor: false),
        .custom("pinned handshake+GET (µs)", useScalingFactor: false),
        .custom("pinned/unpinned throughput (‰)", polarity: .prefersLarger, useScalingFactor: false),
    ]
    Benchmark(
        "handshake + GET, pinned vs no pins, interleaved",
        configuration: .init(metrics: interleaved, scalingFactor: .one, maxDuration: .seconds(20), maxIterations: 12)
    ) { benchmark in
        try await withNginx { nginx, pki in
            var clients: [RampartHTTP.HTTPClient] = []
            for pinned in [false, true] {
                var configuration = try rampartConfiguration(pki, pinned: pinned)
                configuration.limits.maxIdleConnectionsPerOrigin = 0
                clients.append(try RampartHTTP.HTTPClient(configuration: configuration))
            }
            let url = URL(string: nginx.httpsURL + "/")!
            var times: [[Duration]] = [[], []]
            let clock = ContinuousClock()
            for round in 0..<1000 {
                for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                    let started = clock.now
                    blackHole(try await fetch(clients[side], url))
                    times[side].append(clock.now - started)
                }
            }
            let medians = times.map { side in side.sorted()[side.count / 2] }
            let micros = medians.map { Int($0 / .microseconds(1)) }
            benchmark.measurement(interleaved[0], micros[0])
            benchmark.measurement(interleaved[1], micros[1])
            benchmark.measurement(interleaved[2], micros[0] * 1000 / max(micros[1], 1))
            for client in clients { client.shutdown() }
        }
    }

    // 100 concurrent GETs over h2, one batch per iteration (throughput × 100 = requests per second).
    let concurrent = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .one, maxDuration: .seconds(10),
        maxIterations: 2000)

    Benchmark("h2 100 concurrent GETs, Rampart HTTPClient", configuration: concurrent) { benchmark in
        try await withNginx(http2: true) { nginx, pki in
            var configuration = try rampartConfiguration(pki, pinned: false)
            configuration.httpVersion = .http2Only
            let client = try RampartHTTP.HTTPClient(configuration: configuration)
            defer { client.shutdown() }
            let url = URL(string: nginx.httpsURL + "/")!
            blackHole(try await concurrently(100) { try await fetch(client, url) })
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await concurrently(100) { try await fetch(client, url) })
            }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("h2 100 concurrent GETs, AsyncHTTPClient", configuration: concurrent) { benchmark in
        try await withNginx(http2: true) { nginx, pki in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates([
                try NIOSSLCertificate(bytes: Array(pki.root.certificatePEM.utf8), format: .pem)
            ])
            var configuration = AsyncHTTPClient.HTTPClient.Configuration(tlsConfiguration: tls)
            configuration.httpVersion = .automatic  // h2 by ALPN
            let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let url = nginx.httpsURL + "/"
            do {
                blackHole(try await concurrently(100) { try await ahcFetch(client, url) })
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(try await concurrently(100) { try await ahcFetch(client, url) })
                }
                benchmark.stopMeasurement()
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }
}

/// Runs `count` copies of `body` at once and sums what they return.
func concurrently(_ count: Int, _ body: @escaping @Sendable () async throws -> Int) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<count { group.addTask { try await body() } }
        return try await group.reduce(0, +)
    }
}

/// The nginx servers every benchmark of this target talks to: HTTP/1.1 only, and h2 by ALPN.
enum SharedNginx {
    static let server = NIOLockedValueBox<NginxServer?>(nil)
    static let http2Server = NIOLockedValueBox<NginxServer?>(nil)

    static func start() async throws {
        let chain = try LabPKI.shared().chain(.good)
        let started = try await NginxServer.start(NginxServerConfiguration(chain: chain))
        server.withLockedValue { $0 = started }
        let http2 = try await NginxServer.start(NginxServerConfiguration(chain: chain, http2: true))
        http2Server.withLockedValue { $0 = http2 }
    }

    static func stop() async {
        for box in [server, http2Server] {
            if let running = box.withLockedValue({ $0 }) { await running.stop() }
            box.withLockedValue { $0 = nil }
        }
    }
}

struct NginxNotStarted: Error {}

func withNginx(http2: Bool = false, _ body: (NginxServer, LabPKI) async throws -> Void) async throws {
    let box = http2 ? SharedNginx.http2Server : SharedNginx.server
    guard let server = box.withLockedValue({ $0 }) else { throw NginxNotStarted() }
    try await body(server, try LabPKI.shared())
}

func rampartConfiguration(_ pki: LabPKI, pinned: Bool) throws -> HTTPClientConfiguration {
    var configuration = HTTPClientConfiguration()
    configuration.anchors = .only([pki.root.certificate])
    if pinned {
        configuration.pinning = [
            try PinnedHost(
                domain: "127.0.0.1",
                pins: [
                    .init(try SPKIPin(certificate: pki.chain(.good).leaf.certificate), scope: .leaf),
                    .init(try SPKIPin(certificate: pki.chain(.p384).leaf.certificate), scope: .leaf),
                ])
        ]
    }
    return configuration
}

func fetch(_ client: RampartHTTP.HTTPClient, _ url: URL) async throws -> Int {
    let response = try await client.execute(HTTPRequest(url: url))
    let body = try await response.body.collect()
    return response.status + body.count
}

func ahcFetch(_ client: AsyncHTTPClient.HTTPClient, _ url: String) async throws -> Int {
    let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    return Int(response.status.code) + body.readableBytes
}
