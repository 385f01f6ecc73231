import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import NIOTLS
import X509

/// Notes the negotiated TLS version and the peer's leaf subject when the handshake completes,
/// while the TLS handler is certainly still in the pipeline.
final class HandshakeRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    struct Session: Sendable {
        var version: TLSVersion?
        var peerSubject: String?
    }

    private let recorded = NIOLockedValueBox(Session())

    var session: Session { recorded.withLockedValue { $0 } }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event,
            let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
        {
            let leaf = handler.peerCertificate.flatMap { try? Certificate(derEncoded: $0.toDERBytes()) }
            let session = Session(version: handler.tlsVersion, peerSubject: leaf.map { String(describing: $0.subject) })
            recorded.withLockedValue { $0 = session }
        }
        context.fireUserInboundEventTriggered(event)
    }
}
