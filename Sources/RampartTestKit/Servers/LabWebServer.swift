import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A scripted HTTP/1.1 server on a loopback address and an ephemeral port, over TLS with a lab
/// chain or in cleartext, with keep-alive: the peer for testing an HTTP client's limits,
/// redirects and timeouts.
///
/// Routes (by path):
/// - `/echo`: `200`, the request echoed as text: `METHOD /path?query`, one `name: value` line per
///   header in order, an empty line, then the request body.
/// - `/bytes/N`: `200` with `Content-Length: N` and N bytes where byte i is `UInt8(i % 251)`,
///   written with back-pressure (N can be large).
/// - `/chunked/N`: the same bytes with `Transfer-Encoding: chunked`, chunks of up to 8 KiB.
/// - `/status/CODE`: that status, body `status CODE\n`.
/// - `/redirect/CODE?to=URL`: status CODE, `Location:` the percent-decoded `to`, empty body.
/// - `/redirect-chain/K`: `302` to `/redirect-chain/K-1` (relative) down to 0, which answers
///   `200 end of chain\n`.
/// - `/mailbox/NAME`: a store-and-forward relay: `POST` keeps the body under NAME (`201`), `GET`
///   returns the last one stored (`200`, or `404` when there is none).
/// - `/set-cookie`: `200` with `Set-Cookie: session=lab; Secure; HttpOnly`.
/// - `/stall/head`: reads the request and never answers.
/// - `/stall/body`: a head with `Content-Length: 100`, 10 bytes, then nothing.
/// - `/endless`: a chunked body of 16 KiB chunks that never ends.
/// - `/garbage`: `NOT HTTP AT ALL\r\n\r\n`, then closes.
/// - `/huge-headers`: `200` with 200 headers of 1 KiB each.
/// - `/close`: `200` with `Connection: close`, then closes.
/// - anything else: `200 hello from the Rampart lab\n`.
///
/// Prefer ``withServer(_:_:)``, which stops the server however the body ends:
///
/// ```swift
/// let configuration = LabWebServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// try await LabWebServer.withServer(configuration) { server in
///     print(server.baseURL + "/bytes/1048576")   // https://127.0.0.1:PORT/bytes/1048576
///     print(server.connectionsAccepted, server.requestsServed, server.requests.last?.path ?? "")
/// }
/// ```
public final class LabWebServer: Sendable {
    /// The loopback address the server listens on.
    public let host: String
    /// The port the system assigned.
    public let port: Int
    /// How the server was configured.
    public let configuration: LabWebServerConfiguration

    private let channel: any Channel
    private let state: LabWebServerState

    private init(configuration: LabWebServerConfiguration, channel: any Channel, state: LabWebServerState) {
        self.configuration = configuration
        self.host = configuration.host
        self.channel = channel
        self.state = state
        self.port = channel.localAddress?.port ?? 0
    }

    /// `https://127.0.0.1:PORT` (or `http://` in cleartext; `[::1]` for IPv6), without a trailing
    /// slash: append a route.
    public var baseURL: String {
        let scheme = configuration.chain == nil ? "http" : "https"
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The number of TCP connections accepted so far.
    public var connectionsAccepted: Int { state.withRecord { $0.connections } }

    /// The number of requests received in full so far (answered or, for `/stall/head`, not).
    public var requestsServed: Int { state.withRecord { $0.requests.count } }

    /// Every request received in full, in order.
    public var requests: [LabWebRequest] { state.withRecord { $0.requests } }

    /// The headers of the last request received, or `nil` before the first.
    public var lastRequestHeaders: [(String, String)]? { state.withRecord { $0.requests.last?.headers } }

    /// Starts a server; call ``stop()`` when done (or use ``withServer(_:_:)``).
    ///
    /// ```swift
    /// let server = try await LabWebServer.start(LabWebServerConfiguration(host: "::1"))
    /// print(server.baseURL)   // http://[::1]:PORT
    /// try await server.stop()
    /// ```
    public static func start(_ configuration: LabWebServerConfiguration) async throws -> LabWebServer {
        try LabLoopbackOnly.check(configuration.host, listener: "the lab web server")
        let tls = try configuration.chain.map {
            try NIOSSLContext(configuration: makeTLSConfiguration($0, configuration))
        }
        let state = LabWebServerState()
        let silent = configuration.silentAfterAccept
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    guard state.register(child) else { throw ChannelError.ioOnClosedChannel }
                    let sync = child.pipeline.syncOperations
                    if silent {
                        try child.syncOptions?.setOption(.autoRead, value: false)
                        return
                    }
                    if let tls { try sync.addHandler(NIOSSLServerHandler(context: tls)) }
                    let outlet = LabRawOutlet()
                    try sync.addHandler(outlet)
                    try sync.configureHTTPServerPipeline(withErrorHandling: true)
                    try sync.addHandler(LabWebRouteHandler(state: state, outlet: outlet))
                }
            }
            .bind(host: configuration.host, port: 0)
            .get()
        return LabWebServer(configuration: configuration, channel: channel, state: state)
    }

    /// Runs `body` with a started server and stops the server afterwards, also when `body` throws.
    ///
    /// ```swift
    /// let served = try await LabWebServer.withServer(LabWebServerConfiguration()) { server in
    ///     _ = try await PeerProcess.runAsync("curl", ["-s", server.baseURL + "/echo"])
    ///     return server.requestsServed
    /// }
    /// ```
    public static func withServer<Result: Sendable>(
        _ configuration: LabWebServerConfiguration,
        _ body: (LabWebServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration)
        return try await LabLifecycle.using(server, stop: { try await $0.stop() }, body)
    }

    /// Stops listening and closes every open connection (stalled and endless ones included).
    /// Calling it again does nothing.
    ///
    /// ```swift
    /// try await server.stop()
    /// ```
    public func stop() async throws {
        try? await channel.close()
        for connection in state.stop() {
            try? await connection.close()
        }
    }

    static func makeTLSConfiguration(
        _ chain: LabChain, _ configuration: LabWebServerConfiguration
    ) throws -> TLSConfiguration {
        let certificates = try chain.served.map { certificate in
            try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let key = try NIOSSLPrivateKey(bytes: Array(chain.leaf.privateKeyPEM.utf8), format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key))
        if let minimum = configuration.minimumTLSVersion { tls.minimumTLSVersion = minimum }
        tls.maximumTLSVersion = configuration.maximumTLSVersion
        if let suites = configuration.tls12CipherSuites { tls.cipherSuiteValues = suites }
        return tls
    }
}

/// A web server's counters, its request log and its open channels.
final class LabWebServerState: Sendable {
    struct Record {
        var connections = 0
        var requests: [LabWebRequest] = []
        var mailboxes: [String: [UInt8]] = [:]
    }

    private let record = NIOLockedValueBox(Record())
    private let channels = LabChannelSet()

    func withRecord<Value>(_ body: (inout Record) -> Value) -> Value {
        record.withLockedValue(body)
    }

    /// Counts and tracks an accepted connection; `false` once the server stopped.
    func register(_ channel: any Channel) -> Bool {
        guard channels.register(channel) else { return false }
        record.withLockedValue { $0.connections += 1 }
        return true
    }

    func stop() -> [any Channel] { channels.stop() }
}

/// Sits right above TLS (or the socket) so that a route can write bytes that are not HTTP.
final class LabRawOutlet: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes `bytes` below the HTTP encoder, then closes the connection.
    func sendAndClose(_ bytes: ByteBuffer) {
        guard let context else { return }
        let channel = context.channel
        context.writeAndFlush(NIOAny(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }
}
