import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import X509

/// An HTTP/1.1 forward proxy on a loopback address and an ephemeral port that handles `CONNECT`,
/// as `HTTPS_PROXY` clients use it: an honest tunnel, a TLS-intercepting ("corporate MITM")
/// proxy, or one that refuses. It only connects to loopback targets.
///
/// It records the authority of every `CONNECT` (``connectTargets``) and, when intercepting, every
/// byte the client sent inside TLS (``interceptedPlaintext``), so a test can show what a pinned
/// client keeps from such a proxy. Prefer ``withProxy(mode:host:requiredCredentials:_:)``, which
/// stops the proxy however the body ends:
///
/// ```swift
/// let pki = try LabPKI.shared()
/// let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
/// try await LabProxy.withProxy(mode: mode) { proxy in
///     // HTTPS_PROXY=\(proxy.url) some-client https://localhost:\(server.port)/
///     print(proxy.connectTargets, proxy.interceptedText)
/// }
/// ```
public final class LabProxy: Sendable {
    /// Why a proxy could not be started.
    public enum Failure: Error, CustomStringConvertible {
        /// Only `127.0.0.1` and `::1` are allowed: tests never listen beyond loopback.
        case notLoopback(String)

        public var description: String {
            switch self {
            case .notLoopback(let host): return "the lab proxy may only listen on 127.0.0.1 or ::1, not \(host)"
            }
        }
    }

    /// The largest request head the proxy reads (16 KiB); a longer one gets `431`.
    public static let maximumHeadBytes = 16 * 1024

    /// The loopback address the proxy listens on.
    public let host: String
    /// The port the system assigned.
    public let port: Int
    /// What the proxy does with each `CONNECT`.
    public let mode: LabProxyMode

    private let channel: any Channel
    private let state: LabProxyState

    private init(host: String, mode: LabProxyMode, channel: any Channel, state: LabProxyState) {
        self.host = host
        self.mode = mode
        self.channel = channel
        self.state = state
        self.port = channel.localAddress?.port ?? 0
    }

    /// The proxy's URL, as `HTTPS_PROXY` or `curl --proxy` take it: `http://127.0.0.1:PORT` (or
    /// `http://[::1]:PORT`).
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// The authority (`host:port`) of every `CONNECT` received, in order, whatever the answer was.
    public var connectTargets: [String] { state.withRecord { $0.targets } }

    /// Intercept mode: every byte clients sent inside their TLS sessions, concatenated. Empty when
    /// no client completed a handshake with the proxy (for example because it pinned).
    public var interceptedPlaintext: [UInt8] { state.withRecord { $0.plaintext } }

    /// ``interceptedPlaintext`` decoded as UTF-8 (invalid bytes replaced).
    public var interceptedText: String { String(decoding: interceptedPlaintext, as: UTF8.self) }

    /// Starts a proxy; call ``stop()`` when done (or use ``withProxy(mode:host:requiredCredentials:_:)``).
    ///
    /// ```swift
    /// let proxy = try await LabProxy.start(mode: .tunnel, requiredCredentials: (user: "lab", password: "secret"))
    /// defer { Task { try await proxy.stop() } }
    /// ```
    ///
    /// - Parameters:
    ///   - mode: tunnel, intercept or refuse.
    ///   - host: `127.0.0.1` or `::1`.
    ///   - requiredCredentials: when set, a `CONNECT` without a matching
    ///     `Proxy-Authorization: Basic …` header gets `407` with `Proxy-Authenticate: Basic realm="lab"`.
    public static func start(
        mode: LabProxyMode,
        host: String = "127.0.0.1",
        requiredCredentials: (user: String, password: String)? = nil
    ) async throws -> LabProxy {
        guard host == "127.0.0.1" || host == "::1" else { throw Failure.notLoopback(host) }
        let settings = LabProxySettings(
            mode: mode, tls: try LabProxyTLS(mode: mode),
            expectedAuthorization: requiredCredentials.map {
                "Basic " + Data("\($0.user):\($0.password)".utf8).base64EncodedString()
            })
        let state = LabProxyState()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    guard state.register(child) else { throw ChannelError.ioOnClosedChannel }
                    try child.pipeline.syncOperations.addHandler(LabProxyHandler(settings: settings, state: state))
                }
            }
            .bind(host: host, port: 0)
            .get()
        return LabProxy(host: host, mode: mode, channel: channel, state: state)
    }

    /// Runs `body` with a started proxy and stops the proxy afterwards, also when `body` throws.
    ///
    /// ```swift
    /// let targets = try await LabProxy.withProxy(mode: .tunnel) { proxy in
    ///     _ = try await PeerProcess.runAsync("curl", ["--proxy", proxy.url, "https://localhost:\(port)/"])
    ///     return proxy.connectTargets
    /// }
    /// ```
    public static func withProxy<Result: Sendable>(
        mode: LabProxyMode,
        host: String = "127.0.0.1",
        requiredCredentials: (user: String, password: String)? = nil,
        _ body: (LabProxy) async throws -> Result
    ) async throws -> Result {
        let proxy = try await start(mode: mode, host: host, requiredCredentials: requiredCredentials)
        return try await LabLifecycle.using(proxy, stop: { try await $0.stop() }, body)
    }

    /// Stops listening and closes every open connection, both sides of every relay. Calling it
    /// again does nothing.
    ///
    /// ```swift
    /// try await proxy.stop()
    /// ```
    public func stop() async throws {
        try? await channel.close()
        for connection in state.stop() {
            try? await connection.close()
        }
    }
}

/// The TLS contexts an intercepting proxy uses: one to face clients, one to reach targets.
struct LabProxyTLS: Sendable {
    var facingClients: NIOSSLContext?
    var facingTargets: NIOSSLContext?

    init(mode: LabProxyMode) throws {
        guard case .intercept(let chain, let roots) = mode else { return }
        let certificates = try chain.served.map { certificate in
            try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let key = try NIOSSLPrivateKey(bytes: Array(chain.leaf.privateKeyPEM.utf8), format: .pem)
        facingClients = try NIOSSLContext(
            configuration: TLSConfiguration.makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(key)))
        var client = TLSConfiguration.makeClientConfiguration()
        client.certificateVerification = .fullVerification
        client.trustRoots = .certificates(
            try roots.map { try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem) })
        facingTargets = try NIOSSLContext(configuration: client)
    }
}

/// What every connection of one proxy shares.
struct LabProxySettings: Sendable {
    var mode: LabProxyMode
    var tls: LabProxyTLS
    /// The exact `Proxy-Authorization` value required, if any.
    var expectedAuthorization: String?
}

/// The proxy's record and its open channels, shared by all its connections.
final class LabProxyState: Sendable {
    struct Record {
        var targets: [String] = []
        var plaintext: [UInt8] = []
    }

    private let record = NIOLockedValueBox(Record())
    private let channels = LabChannelSet()

    func withRecord<Value>(_ body: (inout Record) -> Value) -> Value {
        record.withLockedValue(body)
    }

    /// Tracks `channel` until it closes; `false` (and the channel is closed) once the proxy stopped.
    func register(_ channel: any Channel) -> Bool { channels.register(channel) }

    /// Marks the proxy stopped and hands back every open channel.
    func stop() -> [any Channel] { channels.stop() }
}

/// Reads one proxy request head from a client, answers it, and for an accepted `CONNECT` turns
/// the connection into a relay (through TLS on both sides when intercepting).
final class LabProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let settings: LabProxySettings
    private let state: LabProxyState
    private var received = ByteBuffer()
    private var answered = false

    init(settings: LabProxySettings, state: LabProxyState) {
        self.settings = settings
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.writeBuffer(&bytes)
        guard !answered else { return }
        let view = Array(received.readableBytesView)
        guard let end = view.firstRange(of: [13, 10, 13, 10]) else {
            if view.count > LabProxy.maximumHeadBytes {
                answer(context, status: 431, reason: "Request Header Fields Too Large")
            }
            return
        }
        guard end.lowerBound <= LabProxy.maximumHeadBytes else {
            answer(context, status: 431, reason: "Request Header Fields Too Large")
            return
        }
        answered = true
        received.moveReaderIndex(forwardBy: end.upperBound)
        handle(head: String(decoding: view[..<end.lowerBound], as: UTF8.self), context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func handle(head: String, context: ChannelHandlerContext) {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return answer(context, status: 400, reason: "Bad Request")
        }
        guard requestLine[0] == "CONNECT" else {
            return answer(context, status: 405, reason: "Method Not Allowed", headers: ["Allow: CONNECT"])
        }
        let authority = String(requestLine[1])
        state.withRecord { $0.targets.append(authority) }
        if let expected = settings.expectedAuthorization {
            let given = lines.dropFirst().compactMap { line -> String? in
                guard let colon = line.firstIndex(of: ":"),
                    line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "proxy-authorization"
                else { return nil }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let matches = given.contains { value in
                let parts = value.split(separator: " ", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "basic"
                    && "Basic \(parts[1].trimmingCharacters(in: .whitespaces))" == expected
            }
            guard matches else {
                return answer(
                    context, status: 407, reason: "Proxy Authentication Required",
                    headers: ["Proxy-Authenticate: Basic realm=\"lab\""])
            }
        }
        if case .refuse(let status) = settings.mode {
            return answer(context, status: status, reason: "Refused by the lab proxy")
        }
        guard let (host, port) = Self.split(authority: authority) else {
            return answer(context, status: 400, reason: "Bad Request")
        }
        guard ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) else {
            return answer(context, status: 403, reason: "Forbidden")
        }
        connect(host: host, port: port, context: context)
    }

    /// `host:port` or `[v6]:port`, brackets removed.
    static func split(authority: String) -> (String, Int)? {
        guard let colon = authority.lastIndex(of: ":"),
            let port = Int(authority[authority.index(after: colon)...]), (1...65535).contains(port)
        else { return nil }
        var host = String(authority[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("[") else { return nil }
        return (host, port)
    }

    private func connect(host: String, port: Int, context: ChannelHandlerContext) {
        let targetTLS = settings.tls.facingTargets
        let serverName = host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
        ClientBootstrap(group: context.eventLoop)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let targetTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: targetTLS, serverHostname: serverName))
                    }
                }
            }
            .connect(host: host, port: port)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let upstream):
                    self.relay(to: upstream, context: context)
                case .failure:
                    self.answer(context, status: 502, reason: "Bad Gateway")
                }
            }
    }

    private func relay(to upstream: any Channel, context: ChannelHandlerContext) {
        guard state.register(upstream) else { return }
        guard context.channel.isActive else {
            upstream.close(promise: nil)
            return
        }
        let intercepting = settings.tls.facingClients != nil
        let state = self.state
        let recorder: (@Sendable ([UInt8]) -> Void)?
        if intercepting {
            recorder = { bytes in state.withRecord { $0.plaintext += bytes } }
        } else {
            recorder = nil
        }
        let (clientSide, targetSide) = LabRelayHandler.matchedPair(recorder: recorder)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")))
            .whenFailure { _ in upstream.close(promise: nil) }
        do {
            let pipeline = context.pipeline.syncOperations
            if let clientTLS = settings.tls.facingClients {
                let terminator = NIOSSLServerHandler(context: clientTLS)
                try pipeline.addHandler(terminator, position: .after(self))
                try pipeline.addHandler(clientSide, position: .after(terminator))
            } else {
                try pipeline.addHandler(clientSide, position: .after(self))
            }
            try upstream.pipeline.syncOperations.addHandler(targetSide)
        } catch {
            upstream.close(promise: nil)
            context.close(promise: nil)
            return
        }
        if received.readableBytes > 0 {
            context.fireChannelRead(wrapInboundOut(received))
            received = ByteBuffer()
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Sends a final answer with no body and closes the connection.
    private func answer(_ context: ChannelHandlerContext, status: Int, reason: String, headers: [String] = []) {
        answered = true
        let lines = ["HTTP/1.1 \(status) \(reason)"] + headers + ["Content-Length: 0", "Connection: close"]
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: lines.joined(separator: "\r\n") + "\r\n\r\n")))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
