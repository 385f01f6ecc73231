import NIOConcurrencyHelpers
import NIOCore

/// Keeps the first bytes a peer sends, before the TLS handler reads them, so that a server that
/// answered with something other than TLS (an HTTP response, an SSH banner) can be named.
final class InboundBytesRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let recorded: NIOLockedValueBox<[UInt8]>
    private let limit: Int

    init(into recorded: NIOLockedValueBox<[UInt8]>, limit: Int = 64) {
        self.recorded = recorded
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = Self.unwrapInboundIn(data)
        recorded.withLockedValue { bytes in
            let wanted = min(limit - bytes.count, buffer.readableBytes)
            if wanted > 0, let more = buffer.getBytes(at: buffer.readerIndex, length: wanted) { bytes += more }
        }
        context.fireChannelRead(data)
    }
}
