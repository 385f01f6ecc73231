import NIOCore
import NIOTLS

/// Completes `completed` when the TLS handshake finishes (or fails), then passes everything on.
final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let completed: EventLoopPromise<Void>
    private var done = false

    init(completed: EventLoopPromise<Void>) {
        self.completed = completed
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event { finish(.success(())) }
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

    private func finish(_ result: Result<Void, any Error>) {
        guard !done else { return }
        done = true
        completed.completeWith(result)
    }
}
