import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import RampartHTTP
import RampartPolicy
import RampartTrust
import RampartTrustNIO
import X509

/// Fetches the certificate chain a TLS server presents, exactly as sent, without trusting it:
/// one handshake, no application data, then close — what `openssl s_client -showcerts` shows.
///
/// ```swift
/// let served = try await ServedChainProbe.fetch(try Endpoint(parsing: "127.0.0.1:8443"), serverName: "localhost")
/// ```
///
/// The task's cancellation closes the connection at once, so a caller with an overall deadline
/// does not wait for a silent server's own timeout.
public enum ServedChainProbe {
    /// Why the chain could not be fetched.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The TCP connection to the endpoint could not be made.
        case connect(Endpoint, reason: String)
        /// The TLS handshake failed for `reason`.
        case handshake(Endpoint, reason: String)
        /// The handshake completed without a certificate.
        case noCertificate(Endpoint)
        /// The server accepted the TCP connection and sent nothing within `seconds`.
        case noAnswer(Endpoint, seconds: String)
        /// The server answered in TLS but did not finish the handshake within `seconds`.
        case handshakeTimedOut(Endpoint, seconds: String)
        /// The server closed (or reset) the connection before the handshake completed.
        case closedDuringHandshake(Endpoint)
        /// The server answered with bytes that are not TLS; `answer` is their printable start.
        case notTLS(Endpoint, answer: String)

        public var description: String {
            switch self {
            case .connect(let endpoint, let reason):
                return
                    "cannot connect to \(endpoint): \(reason); check the host, the port and that the server runs"
            case .handshake(let endpoint, let reason):
                return "\(endpoint) did not complete a TLS handshake: \(reason)"
            case .noCertificate(let endpoint):
                return "\(endpoint) presented no certificate"
            case .noAnswer(let endpoint, let seconds):
                return "\(endpoint) accepted the TCP connection but sent no TLS answer within \(seconds); "
                    + "is it a TLS port, or does it need a longer timeout?"
            case .handshakeTimedOut(let endpoint, let seconds):
                return "\(endpoint) began the TLS handshake but did not finish it within \(seconds) "
                    + "(a slow server needs a longer timeout)"
            case .closedDuringHandshake(let endpoint):
                return "\(endpoint) closed the connection during the TLS handshake; is it a TLS port, "
                    + "and does it accept this server name (SNI) and TLS 1.2 or 1.3?"
            case .notTLS(let endpoint, let answer):
                return "\(endpoint) answered with something that is not TLS (\(answer)); is it a TLS port?"
            }
        }
    }

    /// The chain as swift-certificates' `Certificate`s.
    ///
    /// - Parameters:
    ///   - serverName: the SNI name to send (defaults to `host` when it is a name).
    ///   - timeout: for connecting, and again for the handshake.
    /// - Throws: ``Failure``; an error of swift-certificates for a certificate whose key that
    ///   library does not decode (``fetchDER(host:port:serverName:timeout:)`` returns those too).
    public static func fetch(_ endpoint: Endpoint, serverName: String? = nil, timeout: TimeAmount = .seconds(10))
        async throws -> [Certificate]
    {
        try await fetchDER(endpoint, serverName: serverName, timeout: timeout).map {
            try Certificate(derEncoded: $0)
        }
    }

    /// The chain as ``EncodedCertificate``s: every certificate, whatever its key (RSA-1024, DSA,
    /// Ed448…), to show and pin.
    ///
    /// ```swift
    /// let chain = try await ServedChainProbe.fetchEncoded(try Endpoint(parsing: "example.com:443"))
    /// print(try chain.map(CertificateSummary.init).map(\.spkiPin))
    /// ```
    ///
    /// - Throws: ``Failure``; `TrustError.malformedCertificate` naming the endpoint and the
    ///   certificate's position when a served certificate is not DER.
    public static func fetchEncoded(
        _ endpoint: Endpoint, serverName: String? = nil, timeout: TimeAmount = .seconds(10)
    ) async throws -> [EncodedCertificate] {
        let served = try await fetchDER(endpoint, serverName: serverName, timeout: timeout)
        return try served.enumerated().map { index, der in
            do {
                return try EncodedCertificate(derEncoded: der)
            } catch {
                throw TrustError.malformedCertificate(
                    source: endpoint.description, reason: "served certificate \(index + 1) does not decode as DER")
            }
        }
    }

    /// ``fetch(_:serverName:timeout:)`` of `host` and `port`.
    ///
    /// - Throws: `EndpointError` for a port outside 1…65535 or an unusable host, before any
    ///   connection; otherwise as ``fetch(_:serverName:timeout:)``.
    public static func fetch(host: String, port: Int, serverName: String? = nil, timeout: TimeAmount = .seconds(10))
        async throws -> [Certificate]
    {
        try await fetch(try Endpoint(host: host, port: port), serverName: serverName, timeout: timeout)
    }

    /// ``fetchDER(_:serverName:timeout:)`` of `host` and `port`.
    ///
    /// - Throws: `EndpointError` for a port outside 1…65535 or an unusable host, before any
    ///   connection; otherwise ``Failure``.
    public static func fetchDER(
        host: String, port: Int, serverName: String? = nil, timeout: TimeAmount = .seconds(10)
    ) async throws -> [[UInt8]] {
        try await fetchDER(try Endpoint(host: host, port: port), serverName: serverName, timeout: timeout)
    }

    /// The chain exactly as served: each certificate's DER, whatever its key.
    ///
    /// - Parameters:
    ///   - serverName: the SNI name to send (defaults to `host` when it is a name).
    ///   - timeout: for connecting, and again for the handshake.
    /// - Throws: ``Failure``; `CancellationError` when the task was cancelled.
    public static func fetchDER(
        _ endpoint: Endpoint, serverName: String? = nil, timeout: TimeAmount = .seconds(10)
    ) async throws -> [[UInt8]] {
        let live = NIOLockedValueBox(LiveChannel())
        return try await withTaskCancellationHandler {
            try await fetchDER(endpoint, serverName: serverName, timeout: timeout, live: live)
        } onCancel: {
            live.withLockedValue { state in
                state.cancelled = true
                return state.channel
            }?.close(promise: nil)
        }
    }

    /// The channel being used, so that cancellation can close it.
    struct LiveChannel {
        var channel: (any Channel)?
        var cancelled = false
    }

    private static func fetchDER(
        _ endpoint: Endpoint, serverName: String?, timeout: TimeAmount, live: NIOLockedValueBox<LiveChannel>
    ) async throws -> [[UInt8]] {
        let host = endpoint.host.name
        let port = endpoint.port
        let captured = NIOLockedValueBox<[NIOSSLCertificate]>([])
        let received = NIOLockedValueBox<[UInt8]>([])
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .noHostnameVerification
        // Any TLS version and RSA key exchange too: the probe shows what legacy servers serve.
        tls.minimumTLSVersion = .tlsv1
        tls.cipherSuiteValues = ATSCipherSuites.withoutForwardSecrecy
        // Offer every signature scheme, so that servers with Ed25519 or P-521 keys (which BoringSSL
        // clients do not offer by default) show their chain too; nothing is trusted here.
        tls.verifySignatureAlgorithms = [
            .ecdsaSecp256R1Sha256, .ecdsaSecp384R1Sha384, .ecdsaSecp521R1Sha512, .ed25519, .rsaPssRsaeSha256,
            .rsaPssRsaeSha384, .rsaPssRsaeSha512, .rsaPkcs1Sha256, .rsaPkcs1Sha384, .rsaPkcs1Sha512, .rsaPkcs1Sha1,
            .ecdsaSha1,
        ]
        let context = try NIOSSLContext(configuration: tls)
        let sni = serverName ?? (endpoint.host.kind == .dnsName ? host : nil)
        let waiter = NIOLockedValueBox<EventLoopFuture<Void>?>(nil)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let cancelled = live.withLockedValue { state in
                            state.channel = channel
                            return state.cancelled
                        }
                        if cancelled { throw CancellationError() }
                        try channel.pipeline.syncOperations.addHandler(InboundBytesRecorder(into: received))
                        // Deliberately unverified, unlike every other client handler of Rampart
                        // (`TrustVerificationCallback.makeClientHandler(context:)` in RampartTrustNIO):
                        // the probe must see any chain, expired, self-signed or for another name,
                        // to show and pin it. It trusts nothing and sends no application data.
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
            try Task.checkCancellation()
            throw Failure.connect(endpoint, reason: connectReason(error))
        }
        defer { channel.close(promise: nil) }
        guard let handshake = waiter.withLockedValue({ $0 }) else {
            throw Failure.handshake(endpoint, reason: "the TLS handler was not installed")
        }
        let expired = NIOLockedValueBox(false)
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            expired.withLockedValue { $0 = true }
            channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            try await handshake.get()
        } catch {
            try Task.checkCancellation()
            throw classify(
                error, endpoint: endpoint, received: received.withLockedValue { $0 },
                expiredAfter: expired.withLockedValue { $0 } ? TLSErrorDescription.seconds(timeout) : nil)
        }
        let served = try captured.withLockedValue { $0 }.map { try $0.toDERBytes() }
        guard !served.isEmpty else { throw Failure.noCertificate(endpoint) }
        return served
    }

    /// Names a failed handshake from what the server sent (`received`, its first bytes), whether
    /// the deadline closed the connection, and the error.
    static func classify(_ error: any Error, endpoint: Endpoint, received: [UInt8], expiredAfter: String?)
        -> Failure
    {
        if !received.isEmpty && !looksLikeTLS(received) {
            return .notTLS(endpoint, answer: describeAnswer(received))
        }
        if let expiredAfter {
            return received.isEmpty
                ? .noAnswer(endpoint, seconds: expiredAfter)
                : .handshakeTimedOut(endpoint, seconds: expiredAfter)
        }
        let reasons = TLSErrorDescription.reasonCodes(in: String(describing: error))
        if reasons.contains(where: { ["WRONG_VERSION_NUMBER", "HTTP_REQUEST", "HTTPS_PROXY_REQUEST"].contains($0) }) {
            return .notTLS(endpoint, answer: TLSErrorDescription.describe(error))
        }
        if isClosure(error) { return .closedDuringHandshake(endpoint) }
        return .handshake(endpoint, reason: TLSErrorDescription.describe(error))
    }

    /// A TLS record starts with a content type 20…24 and major version 3.
    static func looksLikeTLS(_ bytes: [UInt8]) -> Bool {
        guard let type = bytes.first else { return false }
        return (20...24).contains(type) && (bytes.count < 2 || bytes[1] == 3)
    }

    /// `an HTTP response: "HTTP/1.1 400 Bad Request"`, or the printable start of other bytes.
    static func describeAnswer(_ bytes: [UInt8]) -> String {
        let line = bytes.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(48)
        let text = String(line.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
        if text.hasPrefix("HTTP/") { return "an HTTP response: \"\(text)\"" }
        return "it sent \"\(text)\"" + (bytes.count > line.count ? "…" : "")
    }

    /// Whether the error means the peer closed or reset the connection.
    static func isClosure(_ error: any Error) -> Bool {
        switch error {
        case ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.inputClosed,
            NIOSSLError.uncleanShutdown:
            return true
        case let error as IOError:
            return [ECONNRESET, EPIPE, ECONNABORTED].contains(error.errnoCode)
        default:
            return String(describing: error).contains("EOF during handshake")
        }
    }

    /// Why the TCP connection failed, from NIOPosix's connection error or a single one.
    static func connectReason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return TLSErrorDescription.describe(first.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve the name \(error.host)" }
        }
        return TLSErrorDescription.describe(error)
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
