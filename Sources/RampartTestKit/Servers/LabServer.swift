import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A TLS server on a loopback address and an ephemeral port, answering HTTP/1.1 with a fixed
/// response. Used by the test suites and by `rampart-demo`.
///
/// Prefer ``withServer(_:_:)``, which stops the server however the body ends:
///
/// ```swift
/// let chain = try LabPKI.shared().chain(.good)
/// try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
///     print("listening on", server.host, server.port)
/// }
/// ```
public final class LabServer: Sendable {
    /// The address the server listens on.
    public let host: String
    /// The port the system assigned.
    public let port: Int
    /// How the server was configured.
    public let configuration: LabServerConfiguration

    private let channel: any Channel
    private let connections: LabChannelSet
    private let served: NIOLockedValueBox<Int>

    private init(
        channel: any Channel, configuration: LabServerConfiguration, connections: LabChannelSet,
        served: NIOLockedValueBox<Int>
    ) {
        self.channel = channel
        self.configuration = configuration
        self.connections = connections
        self.served = served
        self.host = configuration.host
        self.port = channel.localAddress?.port ?? 0
    }

    /// The number of HTTP requests answered so far.
    public var requestsServed: Int { served.withLockedValue { $0 } }

    /// Starts a server; call ``stop()`` when done (or use ``withServer(_:_:)``).
    public static func start(_ configuration: LabServerConfiguration) async throws -> LabServer {
        try LabLoopbackOnly.check(configuration.host, listener: "the lab TLS server")
        let context = try NIOSSLContext(configuration: try makeTLSConfiguration(configuration))
        let connections = LabChannelSet()
        let served = NIOLockedValueBox(0)
        let response = configuration.response
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                guard connections.register(child) else { return child.eventLoop.makeSucceededVoidFuture() }
                return child.eventLoop.makeCompletedFuture {
                    let sync = child.pipeline.syncOperations
                    try sync.addHandler(NIOSSLServerHandler(context: context))
                    try sync.configureHTTPServerPipeline(withErrorHandling: true)
                    try sync.addHandler(FixedResponseHandler(response: response, served: served))
                }
            }
            .bind(host: configuration.host, port: 0)
            .get()
        return LabServer(channel: channel, configuration: configuration, connections: connections, served: served)
    }

    /// Runs `body` with a started server and stops the server afterwards, also when `body` throws.
    public static func withServer<Result: Sendable>(
        _ configuration: LabServerConfiguration,
        _ body: (LabServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration)
        return try await LabLifecycle.using(server, stop: { try await $0.stop() }, body)
    }

    /// Stops listening and closes every open connection.
    public func stop() async throws {
        try? await channel.close()
        for connection in connections.stop() {
            try? await connection.close()
        }
    }

    /// The NIOSSL server configuration for `configuration`: its chain and key, TLS versions and
    /// TLS 1.2 suites. For servers the kit does not provide (an HTTP/2 server, for one):
    ///
    /// ```swift
    /// var tls = try LabServer.makeTLSConfiguration(LabServerConfiguration(chain: chain))
    /// tls.applicationProtocols = ["h2"]
    /// ```
    public static func makeTLSConfiguration(_ configuration: LabServerConfiguration) throws -> TLSConfiguration {
        let chain = try configuration.chain.served.map { certificate in
            try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let key = try NIOSSLPrivateKey(
            bytes: Array(configuration.chain.leaf.privateKeyPEM.utf8), format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        tls.minimumTLSVersion = configuration.minimumTLSVersion
        tls.maximumTLSVersion = configuration.maximumTLSVersion
        if let suites = configuration.tls12CipherSuites { tls.cipherSuiteValues = suites }
        return tls
    }
}

/// Answers every request with the same response, keeping the connection alive when the client
/// asks for it.
final class FixedResponseHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let response: LabResponse
    private let served: NIOLockedValueBox<Int>
    private let keepAlive = NIOLockedValueBox(true)

    init(response: LabResponse, served: NIOLockedValueBox<Int>) {
        self.response = response
        self.served = served
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive.withLockedValue { $0 = head.isKeepAlive }
        case .body:
            break
        case .end:
            served.withLockedValue { $0 += 1 }
            var headers = HTTPHeaders(response.headers)
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
            let keepAlive = keepAlive.withLockedValue { $0 }
            if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
            let head = HTTPResponseHead(
                version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                done.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
