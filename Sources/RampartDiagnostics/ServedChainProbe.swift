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
    /// The chain as swift-certificates' `Certificate`s.
    ///
    /// - Parameters:
    ///   - endpoint: the host and port to connect to.
    ///   - serverName: the SNI name to send (defaults to `host` when it is a name).
    ///   - timeout: for connecting, and again for the handshake.
    /// - Throws: ``Failure``; an error of swift-certificates for a certificate whose key that
    ///   library does not decode (``fetchDER(_:serverName:timeout:)`` returns those too).
    public static func fetch(_ endpoint: Endpoint, serverName: String? = nil, timeout: TimeAmount = .seconds(10))
        async throws -> [Certificate]
    {
        try await fetchDER(endpoint, serverName: serverName, timeout: timeout).map {
            try Certificate(derEncoded: $0)
        }
    }

    /// The chain as `EncodedCertificate`s: every certificate, whatever its key (RSA-1024, DSA,
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

    /// The chain exactly as served: each certificate's DER, whatever its key.
    ///
    /// - Parameters:
    ///   - endpoint: the host and port to connect to.
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
                        // RampartTrustNIO's waiter: the probe reads no application data, so
                        // what the server sends after the handshake is held (a few bytes) and
                        // dropped with the channel.
                        let promise = channel.eventLoop.makePromise(of: String?.self)
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(completed: promise))
                        waiter.withLockedValue { $0 = promise.futureResult.map { _ in } }
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
}
