import NIOCore
import NIOHTTP2

/// Sits after NIOHTTP2's handler on an HTTP/2 connection and tells the ``HTTP2Connection`` what
/// the server said on stream 0: its `SETTINGS_MAX_CONCURRENT_STREAMS`, a `GOAWAY`, a
/// `WINDOW_UPDATE` (counted against ``HTTP2Limits/maxWindowUpdateFrames``), a connection error
/// (a protocol violation, a limit of ``HTTP2Limits`` reached), the end of the connection.
///
/// Confined to the channel's event loop.
final class HTTP2ConnectionMonitor: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame

    private let connection: HTTP2Connection

    init(connection: HTTP2Connection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.payload {
        case .settings(.settings(let settings)):
            for setting in settings where setting.parameter == .maxConcurrentStreams {
                connection.serverAllows(streams: setting.value)
            }
        case .goAway(let lastStreamID, let errorCode, _):
            connection.receivedGoAway(lastStreamID: lastStreamID, errorCode: errorCode)
        case .windowUpdate:
            connection.receivedWindowUpdate()
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        connection.failed(HTTP2Connection.describe(error, maxHeaderBytes: connection.maxHeaderBytes))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.closed()
        context.fireChannelInactive()
    }
}
