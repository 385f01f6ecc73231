import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTP2
import RampartHTTP
import RampartTestKit
import Testing

/// The client's HTTP/2 pipeline against frames written byte by byte (what a hostile server can
/// send and a well-behaved library would not), on an `EmbeddedChannel`: the same handlers, settings
/// and error classification as a real connection.
@Suite("HTTP/2 client pipeline: raw server frames")
struct HTTP2ClientPipelineTests {
    /// A frame: 24-bit length, type, flags, 31-bit stream id, payload (the lab's one frame writer).
    static func frame(
        _ kind: LabHTTP2Frame.Kind, flags: UInt8 = 0, stream: UInt32, _ payload: [UInt8] = []
    ) -> [UInt8] {
        LabHTTP2Frame.bytes(kind, flags: flags, stream: stream, payload: payload)
    }

    static func word(_ value: UInt32) -> [UInt8] { LabHTTP2Frame.word(value) }

    static let settings = frame(.settings, stream: 0)
    static let status200 = frame(.headers, flags: 0x4, stream: 1, [0x88])  // HPACK static index 8: ":status: 200"

    struct Exchange {
        let channel: EmbeddedChannel
        let pipeline: HTTP2ClientPipeline
        let stream: any Channel
        let reader: ResponseReader
        /// The client's preface, SETTINGS and request, as written.
        let written: [UInt8]

        init(http2: HTTP2Limits = HTTP2Limits()) throws {
            channel = EmbeddedChannel()
            pipeline = try HTTP2ClientPipeline.install(on: channel, http2: http2)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
            var opened: (any Channel)?
            pipeline.openStream(path: "/").assumeIsolated().whenSuccess { opened = $0 }
            channel.embeddedEventLoop.run()
            stream = try #require(opened)
            reader = try HTTP2ClientPipeline.reader(of: stream)
            written = Self.drain(channel)
        }

        static func drain(_ channel: EmbeddedChannel) -> [UInt8] {
            var bytes: [UInt8] = []
            while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
            return bytes
        }

        /// Feeds `bytes` as the server's; the parts the request received.
        func serverSends(_ bytes: [UInt8]) -> [HTTPClientResponsePart] {
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: bytes))
            channel.embeddedEventLoop.run()
            stream.read()
            return reader.takeBuffered()
        }
    }

    @Test("The client's preface announces push off, a bounded header list and HPACK table")
    func clientSettings() throws {
        var http2 = HTTP2Limits()
        http2.headerTableSize = 1024
        let exchange = try Exchange(http2: http2)
        let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
        #expect(Array(exchange.written.prefix(preface.count)) == preface)
        let settings = Array(exchange.written.dropFirst(preface.count))
        #expect(settings[3] == 0x4)  // a SETTINGS frame first
        let length = Int(settings[0]) << 16 | Int(settings[1]) << 8 | Int(settings[2])
        var values: [UInt16: UInt32] = [:]
        var offset = 9
        while offset + 6 <= 9 + length {
            let id = UInt16(settings[offset]) << 8 | UInt16(settings[offset + 1])
            values[id] = settings[offset + 2..<offset + 6].reduce(0) { $0 << 8 | UInt32($1) }
            offset += 6
        }
        #expect(values[0x2] == 0)  // SETTINGS_ENABLE_PUSH
        #expect(values[0x1] == 1024)  // SETTINGS_HEADER_TABLE_SIZE
        #expect(values[0x6] == UInt32(HTTPLimits().maxHeaderBytes))  // SETTINGS_MAX_HEADER_LIST_SIZE
        #expect(values[0x4] == UInt32(http2.streamWindowSize))  // SETTINGS_INITIAL_WINDOW_SIZE
    }

    @Test("A response's head, body and trailers arrive as on HTTP/1.1")
    func response() throws {
        let exchange = try Exchange()
        let trailer: [UInt8] = [0x40, 7] + Array("x-check".utf8) + [2] + Array("ok".utf8)
        let parts = exchange.serverSends(
            Self.settings + Self.status200 + Self.frame(.data, stream: 1, Array("hello".utf8))
                + Self.frame(.headers, flags: 0x5, stream: 1, trailer))
        guard parts.count == 3, case .head(let head) = parts[0], case .body(let body) = parts[1],
            case .end(let trailers) = parts[2]
        else {
            Issue.record("unexpected parts \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(String(buffer: body) == "hello")
        #expect(trailers?.first(name: "x-check") == "ok")
    }

    @Test("A refused :status with DATA behind it: the request gets the status's error, never a body without a head")
    func dataAfterRefusedStatus() throws {
        // Found by the h2-client-frames campaign (Fuzz/Regressions/h2-client-frames/data-after-refused-status).
        let exchange = try Exchange()
        let status: [UInt8] = [0x08, 3] + Array("!00".utf8)  // ":status: !00", literal with static name 8
        let parts = exchange.serverSends(
            Self.settings + Self.frame(.headers, flags: 0x4, stream: 1, status)
                + Self.frame(.data, flags: 0x1, stream: 1, Array("hello".utf8)))
        #expect(parts.isEmpty, "\(parts)")
        let error = try #require(exchange.reader.error)
        let clientError = try #require(exchange.pipeline.clientError(for: error, phase: .firstByte))
        guard case .http2Failure(_, let phase, let detail) = clientError else {
            Issue.record("unexpected \(clientError)")
            return
        }
        #expect(phase == .firstByte)
        #expect(detail.contains("'!00'") && detail.contains("three-digit status code"), "\(detail)")
    }

    @Test(
        "A closed connection lets go of NIOHTTP2's handler, its buffers and HPACK tables (no cycle through the connection)"
    )
    func closedConnectionIsReleased() throws {
        // The h2-client-frames campaign ran out of memory: every connection, once closed, stayed alive (about
        // 30 KB each) in a cycle through the push handler's closure and the connection's multiplexer.
        weak var handler: NIOHTTP2Handler?
        try {
            let exchange = try Exchange()
            handler = try exchange.channel.pipeline.syncOperations.handler(type: NIOHTTP2Handler.self)
            _ = exchange.serverSends(Self.settings + Self.status200 + Self.frame(.data, flags: 0x1, stream: 1, [0x61]))
            _ = try exchange.channel.finish(acceptAlreadyClosed: true)
            exchange.channel.embeddedEventLoop.run()
        }()
        #expect(handler == nil, "the connection's HTTP/2 handler outlived it")
    }

    @Test("REFUSED_STREAM: the request was not processed, so the client may send it again")
    func refusedStream() throws {
        let exchange = try Exchange()
        _ = exchange.serverSends(Self.settings + Self.frame(.rstStream, stream: 1, Self.word(0x7)))
        let error = try #require(exchange.reader.error)
        #expect(exchange.pipeline.clientError(for: error, phase: .firstByte) == nil)
    }

    @Test("A reset stream fails the request naming the phase and the code")
    func resetStream() throws {
        let exchange = try Exchange()
        _ = exchange.serverSends(Self.settings + Self.status200 + Self.frame(.rstStream, stream: 1, Self.word(0x2)))
        let error = try #require(exchange.reader.error)
        let clientError = try #require(exchange.pipeline.clientError(for: error, phase: .idle))
        guard case .http2Failure(_, let phase, let detail) = clientError else {
            Issue.record("unexpected \(clientError)")
            return
        }
        #expect(phase == .idle)
        #expect(detail.contains("RST_STREAM INTERNAL_ERROR"))
        #expect(clientError.description.contains("reading the response body"))
    }

    @Test("GOAWAY below the request's stream: not processed; an idempotent request may be retried")
    func goAway() throws {
        let exchange = try Exchange()
        _ = exchange.serverSends(Self.settings + Self.frame(.goAway, stream: 0, Self.word(0) + Self.word(0)))
        let error = try #require(exchange.reader.error)
        #expect(exchange.pipeline.clientError(for: error, phase: .firstByte) == nil)
    }

    @Test("PUSH_PROMISE is a protocol error: the connection fails and says why")
    func pushPromise() throws {
        let exchange = try Exchange()
        _ = exchange.serverSends(
            Self.settings + [0, 0, 0, 0x4, 0x1, 0, 0, 0, 0]  // ACK of the client's SETTINGS: push is now off
                + Self.frame(.pushPromise, flags: 0x4, stream: 1, Self.word(2) + [0x82, 0x84, 0x87]))
        #expect(!exchange.channel.isActive)
        let error = try #require(exchange.reader.error)
        let clientError = try #require(exchange.pipeline.clientError(for: error, phase: .firstByte))
        guard case .http2Failure(_, let phase, let detail) = clientError else {
            Issue.record("expected an HTTP/2 failure, got \(clientError)")
            return
        }
        #expect(phase == .firstByte)
        #expect(
            detail == "the server sent PUSH_PROMISE although the client disabled push (SETTINGS_ENABLE_PUSH = 0): "
                + "a protocol error")
    }

    @Test("A CONTINUATION flood past the limit fails the connection naming the limit")
    func continuationFlood() throws {
        let exchange = try Exchange()
        var flood = Self.settings + Self.frame(.headers, stream: 1, [])
        for _ in 0..<20 { flood += Self.frame(.continuation, stream: 1, []) }
        _ = exchange.serverSends(flood)
        #expect(!exchange.channel.isActive)
        let failure = try #require(exchange.pipeline.failure)
        #expect(failure.contains("maxSequentialContinuationFrames"))
    }
}
