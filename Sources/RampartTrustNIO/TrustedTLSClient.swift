import NIOCore
import NIOSSL
import RampartPolicy
import RampartTrust

/// TLS for any NIO client pipeline with the server's chain judged by Rampart: pins, ATS
/// certificate rules, Certificate Transparency and anchors, as a `TrustEvaluator` decides.
///
/// NIOSSL's callback never learns which host a connection is for, so a handler is made per
/// connection with its host captured. NIOSSL's own host-name check stays on
/// (`.fullVerification` is required), so the name is checked twice, by NIOSSL and by Rampart.
/// The TLS configuration's `trustRoots` are not consulted: the evaluator's anchors decide.
///
/// ```swift
/// let tls = try TrustedTLSClient(evaluator: TrustEvaluator(anchors: .system, pinning: pins))
/// let channel = try await ClientBootstrap(group: .singletonMultiThreadedEventLoopGroup)
///     .connect(host: "api.example.com", port: 443) { channel in
///         channel.eventLoop.makeCompletedFuture {
///             try tls.addHandlers(host: ATSHost("api.example.com"), to: channel.pipeline.syncOperations)
///             try channel.pipeline.syncOperations.addHTTPClientHandlers()
///         }
///     }
/// // A refused chain reaches the pipeline as TrustRejectedError, with Rampart's reasons.
/// ```
public struct TrustedTLSClient: Sendable {
    /// What a configuration that would switch NIOSSL's own checks off is refused for.
    public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// `certificateVerification` was not `.fullVerification`, so NIOSSL would skip the host name.
        case verificationNotFull(String)

        public var description: String {
            switch self {
            case .verificationNotFull(let mode):
                return
                    "TLSConfiguration.certificateVerification is \(mode): use .fullVerification, so NIOSSL checks the host name as well as Rampart"
            }
        }
    }

    /// Decides every chain.
    public let evaluator: TrustEvaluator
    /// The context every handler shares (made once: making one loads the configuration's keys).
    public let sslContext: NIOSSLContext
    private let decoding: CertificateDecodingCache?

    /// NIOSSL's client defaults with TLS 1.2 as the lowest version, as ATS requires.
    public static var defaultConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        configuration.certificateVerification = .fullVerification
        return configuration
    }

    /// - Parameters:
    ///   - evaluator: decides every chain a server presents.
    ///   - configuration: versions, ciphers, ALPN and client certificates; its
    ///     `certificateVerification` must be `.fullVerification`.
    ///   - decoding: shared by the handlers, so certificates served again are not parsed again
    ///     (`nil` decodes every chain).
    /// - Throws: ``ConfigurationError`` for a configuration without full verification; NIOSSL's
    ///   error for one it cannot load.
    public init(
        evaluator: TrustEvaluator, configuration: TLSConfiguration = Self.defaultConfiguration,
        decoding: CertificateDecodingCache? = CertificateDecodingCache()
    ) throws {
        guard case .fullVerification = configuration.certificateVerification else {
            throw ConfigurationError.verificationNotFull("\(configuration.certificateVerification)")
        }
        self.evaluator = evaluator
        self.sslContext = try NIOSSLContext(configuration: configuration)
        self.decoding = decoding
    }

    /// The verification for one connection to `host`, for APIs that take NIOSSL's callback
    /// (`trust.callback`) rather than a handler.
    ///
    /// ```swift
    /// let trust = tls.verification(for: ATSHost("api.example.com"))
    /// // hand trust.callback to the library; after a refusal: trust.lastDecision?.failures
    /// ```
    public func verification(
        for host: ATSHost, onDecision: (@Sendable (TrustDecision) -> Void)? = nil
    ) -> TrustVerificationCallback {
        TrustVerificationCallback(evaluator: evaluator, host: host, decoding: decoding, onDecision: onDecision)
    }

    /// A client handler for a connection to `host`, and the verification whose decision it enforces.
    ///
    /// The handler sends `host` as SNI, normalised by `ATSHost` (lower case, A-labels, no
    /// trailing dot: `Bücher.example.` goes out as `xn--bcher-kva.example`), and not for an IP
    /// address, which SNI cannot carry (NIOSSL then checks the address against the certificate).
    ///
    /// ```swift
    /// let (handler, trust) = try tls.makeHandler(host: ATSHost("api.example.com"))
    /// try channel.pipeline.syncOperations.addHandler(handler)
    /// ```
    public func makeHandler(
        host: ATSHost, onDecision: (@Sendable (TrustDecision) -> Void)? = nil
    ) throws -> (handler: NIOSSLClientHandler, trust: TrustVerificationCallback) {
        let trust = verification(for: host, onDecision: onDecision)
        return (try trust.makeClientHandler(context: sslContext), trust)
    }

    /// Adds the TLS handler for `host` to a pipeline, followed by a handler that turns a handshake
    /// Rampart refused into ``TrustRejectedError`` (NIOSSL alone reports BoringSSL's
    /// "certificate verify failed"). Call it on the channel's event loop, as a channel
    /// initializer does.
    ///
    /// ```swift
    /// try tls.addHandlers(host: ATSHost("api.example.com"), to: channel.pipeline.syncOperations)
    /// ```
    @discardableResult
    public func addHandlers(
        host: ATSHost, to pipeline: ChannelPipeline.SynchronousOperations,
        onDecision: (@Sendable (TrustDecision) -> Void)? = nil
    ) throws -> TrustVerificationCallback {
        let (handler, trust) = try makeHandler(host: host, onDecision: onDecision)
        try pipeline.addHandler(handler)
        try pipeline.addHandler(TrustRejectionHandler(trust: trust))
        return trust
    }
}
