import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOTLS
import RampartHTTP
import RampartTestKit
import Testing

/// The bytes a server sends right behind the end of the TLS handshake, before the client installed
/// the protocol's handlers: TLS 1.2 servers (nginx 1.22 among them) deliver their first HTTP/2
/// frames in the same read as the handshake's last record. On an `EmbeddedChannel`, through the
/// connection factory's own hand-over (``ProtocolHandover``), with the TLS handler's part played by
/// the test: the handshake's event, then the read, in one turn.
@Suite("TLS handshake to protocol hand-over: no byte lost", .timeLimit(.minutes(10)))
struct HandshakeHandoverTests {
    static func frame(_ kind: LabHTTP2Frame.Kind, flags: UInt8 = 0, stream: UInt32, _ payload: [UInt8] = [])
        -> [UInt8]
    {
        LabHTTP2Frame.bytes(kind, flags: flags, stream: stream, payload: payload)
    }

    /// nginx's first flight: SETTINGS (max streams 128, initial window 65536, max frame 16777215)
    /// and a connection WINDOW_UPDATE.
    static let nginxFirstFlight =
        frame(.settings, stream: 0, [0, 3, 0, 0, 0, 128, 0, 4, 0, 1, 0, 0, 0, 5, 0, 0xFF, 0xFF, 0xFF])
        + frame(.windowUpdate, stream: 0, LabHTTP2Frame.word(0x7FFF_0000))

    /// A channel as the factory has it once TCP connected: active, the waiter in its pipeline.
    static func connectedChannel(limits: HTTPLimits = HTTPLimits()) throws -> (
        EmbeddedChannel, EventLoopFuture<String?>
    ) {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
        let handshake = try HTTP2ClientPipeline.awaitHandshake(on: channel, limits: limits)
        return (channel, handshake)
    }

    /// The TLS handler's last read of a handshake: its end, and the server's first bytes with it.
    static func handshakeEnds(on channel: EmbeddedChannel, selecting negotiated: String?, with bytes: [UInt8]) throws {
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: negotiated))
        if !bytes.isEmpty { try channel.writeInbound(channel.allocator.buffer(bytes: bytes)) }
    }

    /// The frames in `bytes` written by the client, after its preface.
    static func frames(_ bytes: [UInt8]) -> [(kind: UInt8, flags: UInt8, stream: UInt32)] {
        let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)
        var offset = bytes.starts(with: preface) ? preface.count : 0
        var frames: [(kind: UInt8, flags: UInt8, stream: UInt32)] = []
        while offset + 9 <= bytes.count {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            let stream = bytes[offset + 5..<offset + 9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
            frames.append((bytes[offset + 3], bytes[offset + 4], stream))
            offset += 9 + length
        }
        return frames
    }

    static func drain(_ channel: EmbeddedChannel) -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    @Test("The server's SETTINGS in the handshake's last read reaches NIOHTTP2 once it is installed")
    func settingsWithHandshakeEnd() throws {
        let (channel, handshake) = try Self.connectedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try Self.handshakeEnds(on: channel, selecting: "h2", with: Self.nginxFirstFlight)
        #expect(try handshake.wait() == "h2")
        // As the factory: the TLS version is asked (a loop turn), then HTTP/2 takes over.
        channel.embeddedEventLoop.run()
        let pipeline = try HTTP2ClientPipeline.installAfterHandshake(on: channel)
        channel.embeddedEventLoop.run()
        let written = Self.frames(Self.drain(channel))
        // The client's own SETTINGS, then its ACK of the server's: NIOHTTP2 saw the server's SETTINGS.
        #expect(written.contains { $0.kind == 0x4 && $0.flags & 0x1 == 0 }, "\(written)")
        #expect(
            written.contains { $0.kind == 0x4 && $0.flags & 0x1 == 1 }, "no ACK of the server's SETTINGS: \(written)")
        // The server acknowledges the client's SETTINGS: no ReceivedBadSettings.
        try channel.writeInbound(channel.allocator.buffer(bytes: Self.frame(.settings, flags: 0x1, stream: 0)))
        #expect(pipeline.failure == nil)
        // And a request is answered.
        var opened: (any Channel)?
        pipeline.openStream(path: "/file").assumeIsolated().whenSuccess { opened = $0 }
        channel.embeddedEventLoop.run()
        let stream = try #require(opened)
        let reader = try HTTP2ClientPipeline.reader(of: stream)
        try channel.writeInbound(
            channel.allocator.buffer(
                bytes: Self.frame(.headers, flags: 0x4, stream: 1, [0x88])
                    + Self.frame(.data, flags: 0x1, stream: 1, Array("hello".utf8))))
        channel.embeddedEventLoop.run()
        stream.read()
        let parts = reader.takeBuffered()
        guard parts.count == 3, case .head(let head) = parts[0], case .body(let body) = parts[1] else {
            Issue.record("unexpected parts \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(String(buffer: body) == "hello")
        #expect(pipeline.failure == nil)
    }

    @Test("Frames arriving in several reads between the handshake and the hand-over arrive in order")
    func severalReads() throws {
        let (channel, handshake) = try Self.connectedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try Self.handshakeEnds(on: channel, selecting: "h2", with: Array(Self.nginxFirstFlight.prefix(5)))
        try channel.writeInbound(channel.allocator.buffer(bytes: Array(Self.nginxFirstFlight.dropFirst(5))))
        try channel.writeInbound(
            channel.allocator.buffer(bytes: Self.frame(.ping, stream: 0, Array(repeating: 7, count: 8))))
        #expect(try handshake.wait() == "h2")
        let pipeline = try HTTP2ClientPipeline.installAfterHandshake(on: channel)
        channel.embeddedEventLoop.run()
        let written = Self.frames(Self.drain(channel))
        #expect(written.contains { $0.kind == 0x4 && $0.flags & 0x1 == 1 }, "\(written)")
        #expect(written.contains { $0.kind == 0x6 && $0.flags & 0x1 == 1 }, "no PING ACK: \(written)")
        #expect(pipeline.failure == nil)
    }

    @Test("A server that floods between the handshake and the hand-over fails the connection, bounded")
    func floodIsBounded() throws {
        var limits = HTTPLimits()
        limits.maxHeaderBytes = 1024
        let (channel, handshake) = try Self.connectedChannel(limits: limits)
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try Self.handshakeEnds(on: channel, selecting: "h2", with: [])
        #expect(try handshake.wait() == "h2")
        // Well past the header limit and a maximum-size frame (16 KiB) together.
        var failure: (any Error)?
        for _ in 0..<16 where failure == nil {
            do {
                try channel.writeInbound(channel.allocator.buffer(repeating: 0, count: 4096))
            } catch {
                failure = error
            }
        }
        let error = try #require(failure, "64 KiB buffered without failing")
        #expect("\(error)".contains("bytes"), "\(error)")
        #expect(!channel.isActive)
    }

    @Test("HTTP/1.1: bytes the server sends before any request fail the connection instead of answering it")
    func http1UnsolicitedBytes() throws {
        let (channel, handshake) = try Self.connectedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try Self.handshakeEnds(
            on: channel, selecting: "http/1.1",
            with: Array("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nforge".utf8))
        #expect(try handshake.wait() == "http/1.1")
        #expect(throws: (any Error).self) { try ProtocolHandover.http1(on: channel, limits: HTTPLimits()) }
    }

    @Test("HTTP/1.1: a response after the hand-over reaches the reader")
    func http1Response() throws {
        let (channel, handshake) = try Self.connectedChannel()
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        try Self.handshakeEnds(on: channel, selecting: nil, with: [])
        #expect(try handshake.wait() == nil)
        let reader = try ProtocolHandover.http1(on: channel, limits: HTTPLimits())
        // The request first: the response decoder pairs each response with the request it answers.
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        try channel.writeOutbound(
            HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: headers)))
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        #expect(String(decoding: Self.drain(channel), as: UTF8.self).hasPrefix("GET / HTTP/1.1\r\n"))
        try channel.writeInbound(
            channel.allocator.buffer(bytes: Array("HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello".utf8)))
        let parts = reader.takeBuffered()
        guard parts.count == 3, case .head(let head) = parts[0], case .body(let body) = parts[1] else {
            Issue.record("unexpected parts \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(String(buffer: body) == "hello")
    }
}
