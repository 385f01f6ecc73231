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
/// HTTP/2 (a second nginx, `listen … ssl http2`), batches of 1, 10, 100 and 1,000 concurrent GETs
/// on one warm client (streams, not sockets): the batch's time, so p99 is the slowest batches', and
/// the time per request and requests per second it gives, so the curve shows how cost grows.
let benchmarks: @Sendable () -> Void = {
    // nginx starts before each benchmark and stops after it; HTTP/1.1: a thousand requests per sample.
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
            let client = try asyncHTTPClient(pki)
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

    // Concurrent GETs over h2 at 1, 10, 100 and 1,000 at once (issue 30's scale curve): one batch per
    // iteration on one client made and warmed up (its connection open) in the benchmark's setup, so a
    // sample is the batch alone. Beside the batch's wall clock, each sample records the time per
    // request (the batch's time over its size) and requests per second.
    let perRequest: [BenchmarkMetric] = [
        .custom("time per request (ns)", useScalingFactor: false),
        .custom("requests/s", polarity: .prefersLarger, useScalingFactor: false),
    ]
    for concurrency in [1, 10, 100, 1000] {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal] + perRequest, scalingFactor: .one,
            maxDuration: .seconds(10), maxIterations: concurrency <= 10 ? 5000 : 200_000 / concurrency)
        for peer in ConcurrentPeer.allCases {
            Benchmark(
                "h2 \(concurrency) concurrent GETs, \(peer.rawValue)", configuration: configuration,
                closure: { benchmark in
                    let client = try WarmClient.running(peer)
                    let clock = ContinuousClock()
                    let started = clock.now
                    benchmark.startMeasurement()
                    blackHole(try await concurrently(concurrency, client.get))
                    benchmark.stopMeasurement()
                    let nanoseconds = Int((clock.now - started) / .nanoseconds(1))
                    benchmark.measurement(perRequest[0], nanoseconds / concurrency)
                    benchmark.measurement(perRequest[1], concurrency * 1_000_000_000 / max(nanoseconds, 1))
                },
                setup: { try await WarmClient.start([peer], warmUp: concurrency) },
                teardown: { try await WarmClient.stop() })
        }

        // The same batches, the two clients alternating batch by batch (the order swapped every
        // round) in one process, so both see the same machine state (other builds, fuzzers): every
        // batch is a sample of its side, and p50/p99 compare like with like.
        let sideBySide = ConcurrentPeer.allCases.map { peer in
            BenchmarkMetric.custom("\(peer.rawValue) batch (µs)", useScalingFactor: false)
        }
        // `.throughput` (iterations/s, not requests) is there because `--format jmh`, which the
        // records are read from, skips a benchmark without it.
        let rounds = max(5, 5000 / concurrency)
        Benchmark(
            "h2 \(concurrency) concurrent GETs, Rampart vs AsyncHTTPClient, interleaved",
            configuration: .init(
                metrics: [.throughput] + sideBySide, scalingFactor: .one, maxDuration: .seconds(15),
                maxIterations: 10),
            closure: { benchmark in
                let clients = try ConcurrentPeer.allCases.map { try WarmClient.running($0) }
                let clock = ContinuousClock()
                for round in 0..<rounds {
                    for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                        let started = clock.now
                        blackHole(try await concurrently(concurrency, clients[side].get))
                        benchmark.measurement(sideBySide[side], Int((clock.now - started) / .microseconds(1)))
                    }
                }
            },
            setup: { try await WarmClient.start(ConcurrentPeer.allCases, warmUp: concurrency) },
            teardown: { try await WarmClient.stop() })
    }
}

/// The two clients the h2 benchmarks compare.
enum ConcurrentPeer: String, CaseIterable, Sendable {
    case rampart = "Rampart HTTPClient"
    /// AsyncHTTPClient with `httpVersion = .automatic`: h2 by ALPN, as Rampart's client.
    case asyncHTTPClient = "AsyncHTTPClient"
}

/// The clients of one concurrent-GETs benchmark, made in its setup against the h2 nginx and warmed
/// up by one batch each (the connection is open, its windows and HPACK tables in use) before any
/// sample.
struct WarmClient: Sendable {
    let get: @Sendable () async throws -> Int
    let shutdown: @Sendable () async throws -> Void

    static let clients = NIOLockedValueBox<[ConcurrentPeer: WarmClient]>([:])

    static func running(_ peer: ConcurrentPeer) throws -> WarmClient {
        guard let client = clients.withLockedValue({ $0[peer] }) else { throw NginxNotStarted() }
        return client
    }

    static func start(_ peers: [ConcurrentPeer], warmUp count: Int) async throws {
        for peer in peers {
            let client = try await withNginx(http2: true) { nginx, pki in try make(peer, nginx, pki) }
            clients.withLockedValue { $0[peer] = client }
            blackHole(try await concurrently(count, client.get))
        }
    }

    static func stop() async throws {
        let running = clients.withLockedValue { box in
            defer { box = [:] }
            return box
        }
        for client in running.values { try await client.shutdown() }
    }

    private static func make(_ peer: ConcurrentPeer, _ nginx: NginxServer, _ pki: LabPKI) throws -> WarmClient {
        switch peer {
        case .rampart:
            var configuration = try rampartConfiguration(pki, pinned: false)
            configuration.httpVersion = .http2Only
            let client = try RampartHTTP.HTTPClient(configuration: configuration)
            let url = URL(string: nginx.httpsURL + "/")!
            return WarmClient(get: { try await fetch(client, url) }, shutdown: { client.shutdown() })
        case .asyncHTTPClient:
            let client = try asyncHTTPClient(pki)
            let url = nginx.httpsURL + "/"
            return WarmClient(get: { try await ahcFetch(client, url) }, shutdown: { try await client.shutdown() })
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
        // Past nginx's default `keepalive_requests`, a connection would end in GOAWAY mid-run.
        let http2 = try await NginxServer.start(
            NginxServerConfiguration(chain: chain, http2: true, keepaliveRequests: 100_000_000))
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

func withNginx<Value>(http2: Bool = false, _ body: (NginxServer, LabPKI) async throws -> Value) async throws -> Value {
    let box = http2 ? SharedNginx.http2Server : SharedNginx.server
    guard let server = box.withLockedValue({ $0 }) else { throw NginxNotStarted() }
    return try await body(server, try LabPKI.shared())
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

/// AsyncHTTPClient trusting the lab root, `httpVersion = .automatic` (its default: h2 when the
/// server selects it by ALPN, HTTP/1.1 otherwise), on the shared singleton event loop group.
func asyncHTTPClient(_ pki: LabPKI) throws -> AsyncHTTPClient.HTTPClient {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(pki.root.certificatePEM.utf8), format: .pem)])
    var configuration = AsyncHTTPClient.HTTPClient.Configuration(tlsConfiguration: tls)
    configuration.httpVersion = .automatic
    return AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
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
