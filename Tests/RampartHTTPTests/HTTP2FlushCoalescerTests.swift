import NIOCore
import NIOEmbedded
import Testing

@testable import RampartHTTP

/// An HTTP/2 connection's streams flush one by one; the coalescer between TLS and NIOHTTP2 makes
/// the flushes of one event-loop turn one write, and loses or reorders nothing on the way.
@Suite("HTTP/2 flush coalescing")
struct HTTP2FlushCoalescerTests {
    /// Counts the flushes that reach the socket's side of the pipeline.
    final class FlushCounter: ChannelOutboundHandler {
        typealias OutboundIn = IOData
        var flushes = 0

        func flush(context: ChannelHandlerContext) {
            flushes += 1
            context.flush()
        }
    }

    func pipeline() throws -> (EmbeddedChannel, FlushCounter) {
        let channel = EmbeddedChannel()
        let counter = FlushCounter()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(HTTP2FlushCoalescer())
        return (channel, counter)
    }

    func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    @Test("three streams' flushes in one loop turn reach the socket as one, every byte in order")
    func oneTurnOneFlush() throws {
        let (channel, counter) = try pipeline()
        for stream in 1...3 {
            channel.write(ByteBuffer(string: "HEADERS \(stream);"), promise: nil)
            channel.flush()
        }
        #expect(counter.flushes == 0)
        #expect(try written(channel).isEmpty)
        channel.embeddedEventLoop.run()
        #expect(counter.flushes == 1)
        #expect(try written(channel) == "HEADERS 1;HEADERS 2;HEADERS 3;")
        // The next turn flushes again: nothing stays behind.
        channel.write(ByteBuffer(string: "HEADERS 4;"), promise: nil)
        channel.flush()
        channel.embeddedEventLoop.run()
        #expect(counter.flushes == 2)
        #expect(try written(channel) == "HEADERS 4;")
        _ = try channel.finish()
    }

    @Test("a close writes what waited for the coalesced flush before the channel closes")
    func closeFlushesFirst() throws {
        let (channel, counter) = try pipeline()
        let sent = channel.eventLoop.makePromise(of: Void.self)
        channel.write(ByteBuffer(string: "RST_STREAM;"), promise: sent)
        channel.flush()
        try channel.close().wait()
        #expect(counter.flushes == 1)
        #expect(try written(channel) == "RST_STREAM;")
        channel.embeddedEventLoop.run()
        try sent.futureResult.wait()
    }
}
