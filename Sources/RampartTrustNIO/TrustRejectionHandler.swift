import NIOCore
import NIOSSL

/// Sits after a NIOSSL client handler and replaces the handshake error of a chain Rampart refused
/// with ``TrustRejectedError``; every other error and all data pass through unchanged.
final class TrustRejectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let trust: TrustVerificationCallback

    init(trust: TrustVerificationCallback) {
        self.trust = trust
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if case NIOSSLError.handshakeFailed = error, let decision = trust.lastDecision, decision.verdict == .rejected {
            context.fireErrorCaught(TrustRejectedError(host: trust.host, decision: decision))
        } else {
            context.fireErrorCaught(error)
        }
    }
}
