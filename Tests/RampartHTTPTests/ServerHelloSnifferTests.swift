import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import Testing

@testable import RampartHTTP

/// The handler that reads the negotiated cipher suite out of the ServerHello, on an
/// `EmbeddedChannel`: no socket, every byte under the test's control.
@Suite("ServerHello sniffer")
struct ServerHelloSnifferTests {
    /// A TLS record holding the start of a ServerHello with a 32-byte session id and `suite`.
    static func serverHello(suite: UInt16) -> [UInt8] {
        let body: [UInt8] =
            [0x03, 0x03] + [UInt8](repeating: 0xAB, count: 32) + [32] + [UInt8](repeating: 7, count: 32)
            + [UInt8(suite >> 8), UInt8(suite & 0xFF), 0x00]
        let handshake: [UInt8] = [0x02, 0x00, 0x00, UInt8(body.count)] + body
        return [0x16, 0x03, 0x03, 0x00, UInt8(handshake.count)] + handshake
    }

    @Test("a ServerHello split across reads gives its suite; every byte is forwarded; the handler leaves")
    func splitHello() throws {
        let result = NIOLockedValueBox<UInt16?>(nil)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ServerHelloSniffer(result: result))
        let hello = Self.serverHello(suite: 0x1301)
        for piece in [hello[0..<3], hello[3..<50], hello[50...]] {
            try channel.writeInbound(ByteBuffer(bytes: piece))
        }
        #expect(result.withLockedValue { $0 } == 0x1301)
        var forwarded: [UInt8] = []
        while var buffer = try channel.readInbound(as: ByteBuffer.self) {
            forwarded += buffer.readBytes(length: buffer.readableBytes) ?? []
        }
        #expect(forwarded == hello)
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: ServerHelloSniffer.self) }
        _ = try channel.finish()
    }

    @Test("bytes that are not a ServerHello pass through untouched and the handler leaves at once")
    func notHello() throws {
        let result = NIOLockedValueBox<UInt16?>(nil)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ServerHelloSniffer(result: result))
        try channel.writeInbound(ByteBuffer(string: "HTTP/1.1 400 Bad Request\r\n\r\n"))
        #expect(result.withLockedValue { $0 } == nil)
        var buffer = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(buffer.readString(length: buffer.readableBytes) == "HTTP/1.1 400 Bad Request\r\n\r\n")
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: ServerHelloSniffer.self) }
        _ = try channel.finish()
    }
}
