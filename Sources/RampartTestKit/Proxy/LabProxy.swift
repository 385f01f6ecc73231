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
        try LabLoopbackOnly.check(host, listener: "the lab proxy")
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
