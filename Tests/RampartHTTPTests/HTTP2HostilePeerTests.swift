import Foundation
import RampartHTTP
import RampartTestKit
import Testing

/// The client over real TLS on loopback against a server that attacks it with HTTP/2 frames no
/// well-behaved library sends (``LabHostileHTTP2Peer``): every attack ends the request with an
/// error that names the request's phase and the limit or frame that stopped it — never a hang,
/// never unbounded memory. Each phase has a few seconds (a hang fails in seconds, not after the
/// lab's generous two minutes per phase), each test two minutes.
@Suite("HTTP/2 against a hostile server", .timeLimit(.minutes(10)))
struct HTTP2HostilePeerTests {
    static func client(configure: (inout HTTPClientConfiguration) -> Void = { _ in }) throws -> HTTPClient {
        try LabHTTP.client { configuration in
            configuration.httpVersion = .http2Only
            configuration.timeouts = HTTPTimeouts(all: .seconds(10))
            configuration.timeouts.idle = .seconds(5)
            configuration.timeouts.firstByte = .seconds(5)
            configure(&configuration)
        }
    }

    /// The error a GET of the peer's `/` ends with (recorded as an issue when it succeeds).
    static func failure(
        _ attack: LabHTTP2Attack, configure: (inout HTTPClientConfiguration) -> Void = { _ in }
    ) async throws -> (HTTPClientError, LabHostileHTTP2Peer)? {
        try await LabHostileHTTP2Peer.withPeer(attack, chain: try LabHTTP.pki.chain(.good)) { peer in
            let client = try Self.client(configure: configure)
            defer { client.shutdown() }
            guard let error = await LabHTTP.failure(client, peer.baseURL + "/") else {
                Issue.record("the request succeeded against \(attack)")
                return nil
            }
            return (error, peer)
        }
    }

    /// The phase and words of an HTTP/2 failure, or an issue when the error is another one.
    static func http2Failure(_ error: HTTPClientError) -> (phase: HTTPPhase, detail: String)? {
        guard case .http2Failure(_, let phase, let detail) = error else {
            Issue.record("expected an HTTP/2 failure, got \(error)")
            return nil
        }
        return (phase, detail)
    }

    @Test("A SETTINGS flood fails the connection past maxControlFrames, in the first-byte phase")
    func settingsFlood() async throws {
        let (error, peer) = try #require(try await Self.failure(.settingsFlood))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("maxControlFrames"), "\(detail)")
        #expect(error.description.contains("waiting for the response headers"))
        #expect(peer.framesSent > HTTP2Limits().maxControlFrames)
    }

    @Test("A PING flood fails the connection past maxControlFrames")
    func pingFlood() async throws {
        let (error, _) = try #require(try await Self.failure(.pingFlood))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("PING"), "\(detail)")
        #expect(detail.contains("maxControlFrames"), "\(detail)")
    }

    @Test("A WINDOW_UPDATE flood fails the connection past maxWindowUpdateFrames")
    func windowUpdateFlood() async throws {
        let (error, peer) = try #require(try await Self.failure(.windowUpdateFlood))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("WINDOW_UPDATE"), "\(detail)")
        #expect(detail.contains("maxWindowUpdateFrames"), "\(detail)")
        #expect(peer.framesSent > HTTP2Limits().maxWindowUpdateFrames)
    }

    @Test("An RST_STREAM storm: each reset request fails naming the code, then the connection past maxResetFrames")
    func resetStorm() async throws {
        try await LabHostileHTTP2Peer.withPeer(.resetStorm, chain: try LabHTTP.pki.chain(.good)) { peer in
            let client = try Self.client { $0.http2.maxResetFrames = 5 }
            defer { client.shutdown() }
            var details: [String] = []
            for _ in 0..<8 {
                let error = try #require(await LabHTTP.failure(client, peer.baseURL + "/"))
                let (phase, detail) = try #require(Self.http2Failure(error))
                #expect(phase == .firstByte)
                details.append(detail)
            }
            #expect(details.prefix(5).allSatisfy { $0.contains("RST_STREAM INTERNAL_ERROR") }, "\(details)")
            #expect(details.contains { $0.contains("maxResetFrames") }, "\(details)")
            // The connection failed past the limit is replaced: a request that raced its teardown may still
            // fail on it (seen on a loaded machine), so a few more requests may be needed to see the new one.
            var more = 0
            while peer.connectionsAccepted < 2 && more < 12 {
                _ = await LabHTTP.failure(client, peer.baseURL + "/")
                more += 1
            }
            #expect(peer.connectionsAccepted >= 2, "no new connection after \(8 + more) requests")
        }
    }

    @Test("A CONTINUATION flood fails the connection past maxSequentialContinuationFrames")
    func continuationFlood() async throws {
        let (error, _) = try #require(try await Self.failure(.continuationFlood))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("maxSequentialContinuationFrames"), "\(detail)")
    }

    @Test("A header list past maxHeaderBytes is refused, naming the limit and its value")
    func oversizedHeaderList() async throws {
        let (error, _) = try #require(
            try await Self.failure(.oversizedHeaderList(bytes: 100_000)) { $0.limits.maxHeaderBytes = 40_000 })
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail == "the server sent a header block larger than the limit (maxHeaderBytes, 40000 bytes)")
    }

    @Test("An HPACK table grown past the client's SETTINGS_HEADER_TABLE_SIZE is a compression error")
    func hpackTableGrowth() async throws {
        let (error, _) = try #require(try await Self.failure(.hpackTableGrowth(size: 1 << 20)))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("HPACK"), "\(detail)")
        #expect(detail.contains("headerTableSize"), "\(detail)")
    }

    @Test("A server that never opens its window: the upload ends by its timeout, in the upload phase")
    func neverOpensWindow() async throws {
        try await LabHostileHTTP2Peer.withPeer(.neverOpensWindow, chain: try LabHTTP.pki.chain(.good)) { peer in
            let client = try Self.client { $0.timeouts.idle = .seconds(2) }
            defer { client.shutdown() }
            let body = [UInt8](repeating: 0x41, count: 1 << 20)
            let request = HTTPRequest(url: LabHTTP.url(peer.baseURL + "/upload"), method: .POST, body: .bytes(body))
            do throws(HTTPClientError) {
                let response = try await client.execute(request)
                Issue.record("the upload completed: \(response.status)")
            } catch {
                guard case .timeout(let phase, _, _) = error else {
                    Issue.record("expected a timeout, got \(error)")
                    return
                }
                #expect(phase == .requestBody)
            }
            #expect(peer.requestBodyBytes <= 65_535)
        }
    }

    @Test("A DATA frame larger than the client's max frame size is a FRAME_SIZE_ERROR")
    func oversizedDataFrame() async throws {
        let (error, _) = try #require(try await Self.failure(.oversizedDataFrame(bytes: 20_000)))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect([.firstByte, .idle].contains(phase))
        #expect(detail.contains("SETTINGS_MAX_FRAME_SIZE"), "\(detail)")
    }

    @Test("A body past maxResponseBytes is refused naming the limit")
    func bodyBeyondLimit() async throws {
        let (error, _) = try #require(
            try await Self.failure(.body(bytes: 60_000)) { $0.limits.maxResponseBytes = 20_000 })
        guard case .responseTooLarge(_, let limit, _) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(limit == 20_000)
    }

    @Test("A body sent past the client's flow-control window is a FLOW_CONTROL_ERROR, met reading the body")
    func bodyBeyondWindow() async throws {
        try await LabHostileHTTP2Peer.withPeer(.body(bytes: 1 << 16), chain: try LabHTTP.pki.chain(.good)) { peer in
            // A 1 KiB stream window: the peer's first 16 KiB DATA frame overruns it.
            let client = try Self.client { $0.http2.streamWindowSize = 1024 }
            defer { client.shutdown() }
            let response = try await client.execute(HTTPRequest(url: LabHTTP.url(peer.baseURL + "/")))
            #expect(response.status == 200)
            do throws(HTTPClientError) {
                let body = try await response.body.collect()
                Issue.record("the body arrived whole: \(body.count) bytes")
            } catch {
                let (phase, detail) = try #require(Self.http2Failure(error))
                #expect(phase == .idle)
                #expect(detail.contains("FLOW_CONTROL_ERROR"), "\(detail)")
            }
        }
    }

    @Test(
        "A :status that is no three-digit code fails the request in the first-byte phase, never the process",
        arguments: ["-100", "+200", "2000", "20", "0200", "abc"])
    func invalidStatus(status: String) async throws {
        // `-100` trapped NIOHTTP1's status conversion: found by the h2-client-frames fuzz target.
        let (error, _) = try #require(try await Self.failure(.invalidStatus(status)))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("'\(status)'"), "\(detail)")
        #expect(detail.contains("three-digit status code"), "\(detail)")
    }

    @Test("PUSH_PROMISE although push is disabled fails the connection and says so")
    func pushPromise() async throws {
        let (error, _) = try #require(try await Self.failure(.pushPromise))
        let (phase, detail) = try #require(Self.http2Failure(error))
        #expect(phase == .firstByte)
        #expect(detail.contains("PUSH_PROMISE"), "\(detail)")
        #expect(detail.contains("SETTINGS_ENABLE_PUSH"), "\(detail)")
    }

    @Test("REFUSED_STREAM after part of a body held in memory: the request is sent again, body whole")
    func refusedStreamResendsReplayableBody() async throws {
        let attack = LabHTTP2Attack.refusesStreams(count: 1, afterBodyBytes: 1)
        try await LabHostileHTTP2Peer.withPeer(attack, chain: try LabHTTP.pki.chain(.good)) { peer in
            let client = try Self.client()
            defer { client.shutdown() }
            // Small enough that both attempts fit the connection window the peer never opens.
            let body = [UInt8](repeating: 0x41, count: 20_000)
            let request = HTTPRequest(url: LabHTTP.url(peer.baseURL + "/upload"), method: .POST, body: .bytes(body))
            let response = try await client.execute(request)
            #expect(response.status == 200)
            #expect(peer.streamsRefused == 1)
            #expect(peer.streamsOpened == 2)
            #expect(peer.requestBodyBytes > body.count)
        }
    }

    @Test("REFUSED_STREAM after part of a body read from a pipe: no retry, and the error says why")
    func refusedStreamKeepsPipeBody() async throws {
        let attack = LabHTTP2Attack.refusesStreams(count: 1, afterBodyBytes: 1)
        try await LabHostileHTTP2Peer.withPeer(attack, chain: try LabHTTP.pki.chain(.good)) { peer in
            let client = try Self.client()
            defer { client.shutdown() }
            let pipe = Pipe()
            try pipe.fileHandleForWriting.write(contentsOf: Data(repeating: 0x42, count: 20_000))
            try pipe.fileHandleForWriting.close()
            let body = try HTTPRequestBody.file(
                URL(fileURLWithPath: "/proc/self/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
            #expect(!body.isReplayable)
            let request = HTTPRequest(url: LabHTTP.url(peer.baseURL + "/upload"), method: .PUT, body: body)
            do throws(HTTPClientError) {
                let response = try await client.execute(request)
                Issue.record("the rest of the pipe was sent as the whole body: \(response.status)")
            } catch {
                let (_, detail) = try #require(Self.http2Failure(error))
                #expect(detail.contains("REFUSED_STREAM"), "\(detail)")
                #expect(detail.contains("not retried because its body"), "\(detail)")
                #expect(detail.contains("cannot be read again from its start"), "\(detail)")
            }
            #expect(peer.streamsOpened == 1)
            withExtendedLifetime(pipe) {}
        }
    }
}
