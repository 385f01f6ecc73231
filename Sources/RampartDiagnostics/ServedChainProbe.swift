import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import X509

/// Fetches the certificate chain a TLS server presents, exactly as sent, without trusting it:
/// one handshake, no application data, then close — what `openssl s_client -showcerts` shows.
///
/// ```swift
/// let served = try await ServedChainProbe.fetch(host: "127.0.0.1", port: 8443, serverName: "localhost")
/// ```
public enum ServedChainProbe {
    /// Why the chain could not be fetched.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case connect(host: String, port: Int, reason: String)
        case handshake(host: String, port: Int, reason: String)
        case noCertificate(host: String, port: Int)

        public var description: String {
            switch self {
            case .connect(let host, let port, let reason):
                return "cannot connect to \(host):\(port): \(reason); check the host, the port and that the server runs"
            case .handshake(let host, let port, let reason):
                return "\(host):\(port) did not complete a TLS handshake: \(reason); is it a TLS port?"
            case .noCertificate(let host, let port):
                return "\(host):\(port) presented no certificate"
            }
        }
    }

    /// - Parameters:
    ///   - serverName: the SNI name to send (defaults to `host` when it is a name).
    ///   - timeout: for connecting and for the handshake.
    public static func fetch(host: String, port: Int, serverName: String? = nil, timeout: TimeAmount = .seconds(10))
        async throws -> [Certificate]
    {
        let captured = NIOLockedValueBox<[NIOSSLCertificate]>([])
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .noHostnameVerification
        // Offer every signature scheme, so that servers with Ed25519 or P-521 keys (which BoringSSL
        // clients do not offer by default) show their chain too; nothing is trusted here.
        tls.verifySignatureAlgorithms = [
            .ecdsaSecp256R1Sha256, .ecdsaSecp384R1Sha384, .ecdsaSecp521R1Sha512, .ed25519, .rsaPssRsaeSha256,
            .rsaPssRsaeSha384, .rsaPssRsaeSha512, .rsaPkcs1Sha256, .rsaPkcs1Sha384, .rsaPkcs1Sha512, .rsaPkcs1Sha1,
            .ecdsaSha1,
        ]
        let context = try NIOSSLContext(configuration: tls)
        let isIP = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let sni = serverName ?? (isIP ? nil : host)
        let waiter = NIOLockedValueBox<EventLoopFuture<Void>?>(nil)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: context, serverHostname: sni,
                            customVerificationCallback: { certificates, promise in
                                captured.withLockedValue { $0 = certificates }
                                promise.succeed(.certificateVerified)
                            })
                        try channel.pipeline.syncOperations.addHandler(handler)
                        let promise = channel.eventLoop.makePromise(of: Void.self)
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(promise: promise))
                        waiter.withLockedValue { $0 = promise.futureResult }
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            throw Failure.connect(host: host, port: port, reason: "\(error)")
        }
        defer { channel.close(promise: nil) }
        guard let handshake = waiter.withLockedValue({ $0 }) else {
            throw Failure.handshake(host: host, port: port, reason: "the TLS handler was not installed")
        }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        defer { deadline.cancel() }
        do {
            try await handshake.get()
        } catch {
            throw Failure.handshake(host: host, port: port, reason: "\(error)")
        }
        let served = try captured.withLockedValue { $0 }.map { try Certificate(derEncoded: $0.toDERBytes()) }
        guard !served.isEmpty else { throw Failure.noCertificate(host: host, port: port) }
        return served
    }
}

/// Completes a promise when the TLS handshake completes, or fails it on the first error or close.
final class HandshakeWaiter: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny
    private let promise: EventLoopPromise<Void>

    init(promise: EventLoopPromise<Void>) { self.promise = promise }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    /// A channel that never became active (or was torn down early) still settles the promise;
    /// completing an already-completed promise does nothing.
    func handlerRemoved(context: ChannelHandlerContext) {
        promise.fail(ChannelError.ioOnClosedChannel)
    }
}
