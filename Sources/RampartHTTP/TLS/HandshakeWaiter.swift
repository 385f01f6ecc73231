import NIOCore
import NIOTLS

/// Completes `completed` with the protocol the server selected by ALPN (`nil` for none) when the
/// TLS handshake finishes, or with its failure, then passes everything on.
final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let completed: EventLoopPromise<String?>
    private var done = false

    init(completed: EventLoopPromise<String?>) {
        self.completed = completed
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = event {
            finish(.success(negotiated))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(error))
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(ConnectionFailure.closed("the server closed the connection during the TLS handshake")))
        context.fireChannelInactive()
    }

    private func finish(_ result: Result<String?, any Error>) {
        guard !done else { return }
        done = true
        completed.completeWith(result)
    }
}
