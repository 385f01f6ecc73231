import Foundation
import NIOCore
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTestKit
import Testing

/// Bodies, limits and timeouts against the scripted lab web server.
@Suite("HTTPClient bodies, limits and timeouts")
struct ExchangeLimitTests {
    func web(_ configure: (inout LabWebServerConfiguration) -> Void = { _ in }) throws -> LabWebServerConfiguration {
        var configuration = LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good))
        configure(&configuration)
        return configuration
    }

    @Test("Content-Length and chunked bodies arrive whole; both reuse one connection")
    func bodies() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabWebServer.withServer(try web()) { server in
            let base = "https://localhost:\(server.port)"
            for path in ["/bytes/1048577", "/chunked/1048577", "/bytes/0"] {
                let (response, body) = try await client.get(base + path)
                #expect(response.status == 200)
                let expected = path.hasSuffix("/0") ? 0 : 1_048_577
                #expect(body.count == expected)
                #expect(body.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
            }
            #expect(server.connectionsAccepted == 1)
        }
    }

    @Test("A POST body (bytes, file, chunked stream) reaches the server intact")
    func uploads() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-upload-\(UUID().uuidString)")
        let payload = (0..<300_000).map { UInt8($0 % 199) }
        try Data(payload).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await LabWebServer.withServer(try web()) { server in
            let url = LabHTTP.url("https://localhost:\(server.port)/echo")
            let bodies: [HTTPRequestBody] = [
                .bytes(payload), try HTTPRequestBody.file(file),
                .stream(length: nil) {
                    AsyncThrowingStream { continuation in
                        for start in stride(from: 0, to: payload.count, by: 65_536) {
                            continuation.yield(ByteBuffer(bytes: payload[start..<min(start + 65_536, payload.count)]))
                        }
                        continuation.finish()
                    }
                },
            ]
            for body in bodies {
                let response = try await client.execute(HTTPRequest(url: url, method: .POST, body: body))
                #expect(response.status == 200)
                _ = try await response.body.collect()
                #expect(server.requests.last?.body == payload)
            }
        }
    }

    @Test("A body over maxResponseBytes fails: declared (before reading) and streamed (chunked, endless)")
    func responseLimits() async throws {
        let client = try LabHTTP.client { $0.limits.maxResponseBytes = 100_000 }
        defer { client.shutdown() }
        try await LabWebServer.withServer(try web()) { server in
            let base = "https://localhost:\(server.port)"
            for path in ["/bytes/100001", "/chunked/100001", "/endless"] {
                let error = try #require(await LabHTTP.failure(client, base + path))
                guard case .responseTooLarge(_, let limit, let declared) = error else {
                    Issue.record("\(path): unexpected \(error)")
                    continue
                }
                #expect(limit == 100_000)
                #expect((declared != nil) == (path == "/bytes/100001"))
            }
            #expect(await LabHTTP.failure(client, base + "/bytes/100000") == nil)
        }
    }

    @Test("Headers over the limit, garbage and a short body are reported as such")
    func malformed() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabWebServer.withServer(try web()) { server in
            let base = "https://localhost:\(server.port)"
            let huge = try #require(await LabHTTP.failure(client, base + "/huge-headers"))
            guard case .responseHeadersTooLarge = huge else {
                Issue.record("unexpected \(huge)")
                return
            }
            let garbage = try #require(await LabHTTP.failure(client, base + "/garbage"))
            guard case .malformedResponse = garbage else {
                Issue.record("unexpected \(garbage)")
                return
            }
            #expect(!garbage.isPolicyOrTrust)
        }
    }

    @Test(
        "Each phase times out on its own and says which",
        arguments: [
            ("/stall/head", HTTPPhase.firstByte), ("/stall/body", HTTPPhase.idle),
        ])
    func phaseTimeouts(path: String, phase: HTTPPhase) async throws {
        // Only the phase under test is short: on a loaded machine the other one (the head of a
        // stalled body) may take longer than 300 ms to arrive, and must not be the one that fires.
        let client = try LabHTTP.client {
            $0.timeouts.firstByte = phase == .firstByte ? .milliseconds(300) : .seconds(60)
            $0.timeouts.idle = phase == .idle ? .milliseconds(300) : .seconds(60)
        }
        defer { client.shutdown() }
        try await LabWebServer.withServer(try web()) { server in
            let error = try #require(await LabHTTP.failure(client, "https://localhost:\(server.port)\(path)"))
            guard case .timeout(let observed, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(observed == phase)
            #expect(error.description.contains(phase.description))
        }
    }

    @Test("A server that accepts and says nothing times out in the TLS handshake; the total bounds everything")
    func handshakeAndTotalTimeouts() async throws {
        try await LabWebServer.withServer(try web { $0.silentAfterAccept = true }) { server in
            let handshake = try LabHTTP.client { $0.timeouts.tlsHandshake = .milliseconds(300) }
            let error = try #require(await LabHTTP.failure(handshake, "https://localhost:\(server.port)/"))
            guard case .timeout(.tlsHandshake, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            let total = try LabHTTP.client { $0.timeouts.total = .milliseconds(400) }
            let bounded = try #require(await LabHTTP.failure(total, "https://localhost:\(server.port)/"))
            guard case .timeout(.total, _, _) = bounded else {
                Issue.record("unexpected \(bounded)")
                return
            }
        }
    }

    @Test("IPv6 loopback works, with the certificate's IP address checked")
    func ipv6() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabWebServer.withServer(try web { $0.host = "::1" }) { server in
            let (response, _) = try await client.get("https://[::1]:\(server.port)/")
            #expect(response.status == 200)
            #expect(response.connection.remoteAddress.hasPrefix("[::1]"))
        }
    }
}
