import Foundation
import NIOConcurrencyHelpers
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing

/// The client over HTTP/2 against a real nginx (`listen … ssl http2`): ALPN, streams on one
/// connection per origin, trust decided in the handshake before any frame.
@Suite("HTTP/2 against nginx")
struct HTTP2NginxTests {
    /// The client's events, kept for assertions.
    final class Events: Sendable {
        private let recorded = NIOLockedValueBox<[HTTPClientEvent]>([])

        func record(_ event: HTTPClientEvent) { recorded.withLockedValue { $0.append(event) } }

        var connecting: Int {
            recorded.withLockedValue { $0.filter { if case .connecting = $0 { true } else { false } }.count }
        }
        var connected: [HTTPConnectionInfo] {
            recorded.withLockedValue { $0.compactMap { if case .connected(let info) = $0 { info } else { nil } } }
        }
        var trustDecisions: [String] {
            recorded.withLockedValue {
                $0.compactMap { if case .trustDecision(let endpoint, _) = $0 { "\(endpoint)" } else { nil } }
            }
        }
    }

    static func nginx(http2: Bool = true, _ scenario: LabScenario = .good) throws -> NginxServerConfiguration {
        NginxServerConfiguration(chain: try LabHTTP.pki.chain(scenario), http2: http2)
    }

    static func client(
        _ events: Events, version: HTTPVersionPreference = .automatic,
        configure: (inout HTTPClientConfiguration) -> Void = { _ in }
    ) throws -> HTTPClient {
        try LabHTTP.client { configuration in
            configuration.httpVersion = version
            configuration.onEvent = { events.record($0) }
            configure(&configuration)
        }
    }

    @Test("GET and POST over h2: ALPN selects h2, the body arrives whole, one connection carries both")
    func getAndPost() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let events = Events()
            let client = try Self.client(events)
            defer { client.shutdown() }
            let base = "https://localhost:\(nginx.tlsPort)"
            let (response, body) = try await client.get(base + "/")
            #expect(response.status == 200)
            #expect(response.connection.negotiatedProtocol == "h2")
            #expect(response.connection.httpVersion == "HTTP/2")
            #expect(String(decoding: body, as: UTF8.self) == "hello from nginx\n")
            var post = HTTPRequest(url: LabHTTP.url(base + "/"), method: .POST, body: .bytes(Array("a=1".utf8)))
            post.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            let posted = try await client.execute(post)
            #expect(posted.status == 200)
            #expect(try await posted.body.collect() == Array("hello from nginx\n".utf8))
            let (file, bytes) = try await client.get(base + "/files/1m.bin")
            #expect(file.status == 200)
            #expect(bytes.count == 1 << 20)
            #expect(bytes.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
            #expect(events.connecting == 1)
        }
    }

    @Test("100 concurrent requests share ONE connection (streams, not sockets)")
    func hundredConcurrentOnOneConnection() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let events = Events()
            let client = try Self.client(events)
            defer { client.shutdown() }
            let url = "https://localhost:\(nginx.tlsPort)/files/1k.bin"
            let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        let (response, body) = try await client.get(url)
                        #expect(response.connection.negotiatedProtocol == "h2")
                        return body.count
                    }
                }
                var sizes: [Int] = []
                for try await size in group { sizes.append(size) }
                return sizes
            }
            #expect(sizes.count == 100)
            #expect(sizes.allSatisfy { $0 == 1 << 10 })
            #expect(events.connecting == 1)
            #expect(events.connected.count == 1)
        }
    }

    @Test("Streams beyond the client's cap wait for a free one; every request still completes on one connection")
    func clientStreamCap() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let events = Events()
            let client = try Self.client(events) { $0.http2.maxConcurrentStreams = 2 }
            defer { client.shutdown() }
            let url = "https://localhost:\(nginx.tlsPort)/files/1k.bin"
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        let (_, body) = try await client.get(url)
                        #expect(body.count == 1 << 10)
                    }
                }
                try await group.waitForAll()
            }
            #expect(events.connecting == 1)
        }
    }

    @Test("A redirect to another origin on the same certificate opens a new connection with its own trust decision")
    func redirectAcrossOrigins() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let events = Events()
            let client = try Self.client(events)
            defer { client.shutdown() }
            let (response, body) = try await client.get("https://localhost:\(nginx.tlsPort)/redirect-to-ip")
            #expect(response.status == 200)
            #expect(String(decoding: body, as: UTF8.self) == "hello from nginx\n")
            #expect(response.hops.count == 2)
            #expect(response.connection.host == "127.0.0.1")
            #expect(response.connection.negotiatedProtocol == "h2")
            // Never coalesced: the lab certificate covers both names, yet each origin has its own
            // connection and decision.
            #expect(events.connecting == 2)
            #expect(events.trustDecisions.count == 2)
            #expect(Set(events.connected.map(\.host)) == ["localhost", "127.0.0.1"])
        }
    }

    @Test("GOAWAY after nginx's keepalive_requests: the connection drains, later requests open a new one, none fails")
    func goAwayDrainsAndRetries() async throws {
        var configuration = try Self.nginx()
        configuration.keepaliveRequests = 5
        try await NginxServer.withServer(configuration) { nginx in
            let events = Events()
            let client = try Self.client(events)
            defer { client.shutdown() }
            let url = "https://localhost:\(nginx.tlsPort)/files/1k.bin"
            for _ in 0..<12 {
                let (response, body) = try await client.get(url)
                #expect(response.status == 200)
                #expect(body.count == 1 << 10)
            }
            #expect(events.connecting >= 3)
            // Concurrent GETs: those above a GOAWAY's last stream were not processed and are sent again.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 { group.addTask { try await client.get(url).1.count } }
                for try await count in group { #expect(count == 1 << 10) }
            }
        }
    }

    @Test("Trailers sent after an h2 body reach the caller")
    func trailers() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let client = try Self.client(Events())
            defer { client.shutdown() }
            let response = try await client.execute(
                HTTPRequest(url: LabHTTP.url("https://localhost:\(nginx.tlsPort)/trailers")))
            #expect(response.connection.negotiatedProtocol == "h2")
            #expect(try await response.body.collect() == Array("a body with a trailer\n".utf8))
            #expect(response.body.trailers?.first(name: "X-Lab-Trailer") == "sent after the body")
        }
    }

    @Test("HTTP/2 only against a server that offers only http/1.1 fails clearly, before any request")
    func http2OnlyAgainstHTTP1Server() async throws {
        try await NginxServer.withServer(try Self.nginx(http2: false)) { nginx in
            let events = Events()
            let client = try Self.client(events, version: .http2Only)
            defer { client.shutdown() }
            let error = try #require(await LabHTTP.failure(client, "https://localhost:\(nginx.tlsPort)/"))
            guard case .http2NotNegotiated(let endpoint, let negotiated) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(endpoint.port == nginx.tlsPort)
            #expect(negotiated == "http/1.1")
            #expect(error.description.contains("did not offer h2 (ALPN: http/1.1)"))
            #expect(events.connected.isEmpty)
        }
    }

    @Test("Automatic against an HTTP/1.1-only server speaks HTTP/1.1 and keeps its connection alive")
    func automaticFallsBackToHTTP1() async throws {
        try await NginxServer.withServer(try Self.nginx(http2: false)) { nginx in
            let client = try Self.client(Events())
            defer { client.shutdown() }
            let (first, _) = try await client.get("https://localhost:\(nginx.tlsPort)/")
            let (second, _) = try await client.get("https://localhost:\(nginx.tlsPort)/")
            #expect(first.connection.negotiatedProtocol == "http/1.1")
            #expect(first.connection.httpVersion == "HTTP/1.1")
            #expect(second.connection.reused)
        }
    }

    @Test("HTTP/1.1 only against an h2 server offers only http/1.1 and gets it")
    func http1OnlyAgainstHTTP2Server() async throws {
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let client = try Self.client(Events(), version: .http1Only)
            defer { client.shutdown() }
            let (response, body) = try await client.get("https://localhost:\(nginx.tlsPort)/")
            #expect(response.connection.negotiatedProtocol == "http/1.1")
            #expect(String(decoding: body, as: UTF8.self) == "hello from nginx\n")
        }
    }

    @Test("A pinned leaf is accepted over h2; a rogue leaf is refused in the handshake, before any h2 frame")
    func pinsOverHTTP2() async throws {
        let pins = try LabHTTP.genuinePins()
        try await NginxServer.withServer(try Self.nginx()) { nginx in
            let client = try Self.client(Events()) { $0.pinning = [pins] }
            defer { client.shutdown() }
            let (response, _) = try await client.get("https://localhost:\(nginx.tlsPort)/")
            #expect(response.connection.negotiatedProtocol == "h2")
            #expect(response.connection.trust?.verdict == .trusted)
        }
        let rogueRoot = try LabHTTP.pki.rogueRoot.certificate
        try await NginxServer.withServer(try Self.nginx(.rogue)) { nginx in
            let events = Events()
            // The rogue root is trusted too, so only the pins can refuse the leaf.
            let client = try LabHTTP.client(pinning: [pins], extraRoots: [rogueRoot]) { configuration in
                configuration.onEvent = { events.record($0) }
            }
            defer { client.shutdown() }
            let error = try #require(await LabHTTP.failure(client, "https://localhost:\(nginx.tlsPort)/"))
            guard case .trustFailure = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.pinMismatch != nil)
            #expect(events.trustDecisions.count == 1)
            #expect(events.connected.isEmpty)  // no HTTP/2 pipeline was ever installed
        }
    }
}
