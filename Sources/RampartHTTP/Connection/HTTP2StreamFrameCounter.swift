import NIOCore
import NIOHTTP2

/// The first handler of a request stream on an HTTP/2 connection: it tells the
/// ``HTTP2Connection`` which frames the request sent (its `HEADERS` and `DATA` earn the server
/// `WINDOW_UPDATE` frames) and which `WINDOW_UPDATE` frames the server sent on the stream, so an
/// endless stream of updates fails the connection at ``HTTP2Limits/maxWindowUpdateFrames``.
///
/// Confined to the stream's event loop (the connection's).
final class HTTP2StreamFrameCounter: ChannelDuplexHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias InboundOut = HTTP2Frame.FramePayload
    typealias OutboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let connection: HTTP2Connection

    init(connection: HTTP2Connection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .windowUpdate = unwrapInboundIn(data) { connection.receivedWindowUpdate() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        connection.sent(unwrapOutboundIn(data))
        context.write(data, promise: promise)
    }
}
