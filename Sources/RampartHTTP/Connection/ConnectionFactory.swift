import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RampartPolicy
import RampartTrust
import RampartTrustNIO

/// Opens connections: TCP (direct or to a proxy), the `CONNECT` tunnel, TLS configured from the
/// ATS decision with Rampart's trust decision inside the handshake, then the codec of the protocol
/// the server selected by ALPN: HTTP/1.1's, or NIOHTTP2's (only once the handshake, and so the
/// trust decision, succeeded: no HTTP/2 frame is sent to an untrusted server).
struct ConnectionFactory: Sendable {
    let tlsContexts: TLSContextCache
    let trust: TrustSetup
    let limits: HTTPLimits
    let timeouts: HTTPTimeouts
    let events: (@Sendable (HTTPClientEvent) -> Void)?
    /// The protocols a request may use (cleartext is always HTTP/1.1).
    var httpVersion: HTTPVersionPreference = .automatic
    var http2 = HTTP2Limits()
    /// How long an HTTP/2 connection with no stream is kept.
    var idleLifetime: Duration = .seconds(60)

    func connect(_ key: ConnectionKey, on loop: any EventLoop, deadline: Deadline) async throws
        -> EstablishedConnection
    {
        if key.tls == nil && httpVersion == .http2Only {
            throw HTTPClientError.http2NotNegotiated(key.endpoint, negotiated: nil)
        }
        let dialled = key.proxy?.endpoint ?? key.endpoint
        events?(.connecting(key.endpoint, proxy: key.proxy))
        let (connectBudget, connectTimeout) = deadline.budget(.connect, timeouts.connect, endpoint: dialled)
        // The TLS context (costly the first time) is made while the connection opens.
        let tlsContexts = self.tlsContexts
        async let context = key.tls.map { try tlsContexts.context(for: $0) }
        let channel: any Channel
        do {
            let bootstrap = ClientBootstrap(group: loop)
                .connectTimeout(connectBudget)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
            channel = try await Self.dial(bootstrap, to: dialled)
        } catch ChannelError.connectTimeout {
            throw connectTimeout
        } catch {
            if let proxy = key.proxy {
                throw HTTPClientError.proxyFailed(proxy: "\(proxy)", detail: "cannot connect: \(Self.describe(error))")
            }
            throw HTTPClientError.connectionFailed(key.endpoint, detail: Self.describe(error))
        }
        do {
            return try await establish(channel, key: key, context: try await context, deadline: deadline)
        } catch {
            channel.close(promise: nil)
            throw error
        }
    }

    /// Opens the TCP connection. IP literals are dialled as they are and `localhost` (with its
    /// subdomains, RFC 6761) goes to the loopback addresses without asking the resolver, as curl
    /// does; other names go through NIO's resolver (happy eyeballs between IPv6 and IPv4).
    static func dial(_ bootstrap: ClientBootstrap, to endpoint: Endpoint) async throws -> any Channel {
        let host = endpoint.host.name
        let port = endpoint.port
        if endpoint.host.kind != .dnsName {
            return try await bootstrap.connect(to: try SocketAddress(ipAddress: host, port: port)).get()
        }
        if host == "localhost" || host.hasSuffix(".localhost") {
            do {
                return try await bootstrap.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: port)).get()
            } catch let error as ChannelError {
                if case .connectTimeout = error { throw error }
                return try await bootstrap.connect(to: try SocketAddress(ipAddress: "::1", port: port)).get()
            } catch {
                return try await bootstrap.connect(to: try SocketAddress(ipAddress: "::1", port: port)).get()
            }
        }
        return try await bootstrap.connect(host: host, port: port).get()
    }

    private func establish(_ channel: any Channel, key: ConnectionKey, context: NIOSSLContext?, deadline: Deadline)
        async throws -> EstablishedConnection
    {
        let loop = channel.eventLoop
        if let proxy = key.proxy, key.tls != nil {
            let established = loop.makePromise(of: Void.self)
            let authority = key.endpoint.description
            try await loop.submit {
                try channel.pipeline.syncOperations.addHandler(
                    ProxyTunnelHandler(proxy: proxy, authority: authority, established: established), name: "proxy")
            }.get()
            let (budget, timeout) = deadline.budget(.proxyTunnel, timeouts.proxyTunnel, endpoint: proxy.endpoint)
            try await Self.wait(established.futureResult, budget, timeout, closing: channel)
            try await channel.pipeline.removeHandler(name: "proxy").get()
        }
        var tlsVersion: String?
        var cipherSuite: String?
        var decision: TrustDecision?
        var negotiated: String?
        if let tls = key.tls, let context {
            let events = self.events
            let endpoint = key.endpoint
            let port = key.port
            let reporter = trust.reporter
            let callback = TrustVerificationCallback(
                evaluator: trust.evaluator(
                    certificateRules: tls.certificateRules, transparencyForEveryRoot: tls.certificateTransparency),
                host: key.endpoint.host,
                decoding: trust.decoding
            ) { decision in
                events?(.trustDecision(endpoint, decision))
                if let mismatch = decision.pinMismatch {
                    reporter?.submit(mismatch, validatedChain: decision.validatedChain, port: port)
                }
            }
            let suite = NIOLockedValueBox<UInt16?>(nil)
            let handshake = loop.makePromise(of: String?.self)
            let limits = self.limits
            try await loop.submit {
                let sync = channel.pipeline.syncOperations
                try sync.addHandler(ServerHelloSniffer(result: suite))
                try sync.addHandler(callback.makeClientHandler(context: context))
                try ProtocolHandover.addWaiter(to: channel, completed: handshake, limits: limits)
            }.get()
            let (budget, timeout) = deadline.budget(.tlsHandshake, timeouts.tlsHandshake, endpoint: key.endpoint)
            do {
                negotiated = try await Self.wait(handshake.futureResult, budget, timeout, closing: channel)
            } catch {
                throw Self.classifyHandshake(error, decision: callback.lastDecision, key: key, tls: tls)
            }
            decision = callback.lastDecision
            do {
                tlsVersion = try await channel.nioSSL_tlsVersion().get()?.atsName
            } catch {
                throw ConnectionFailure.closed("the server closed the connection right after the TLS handshake")
            }
            let suiteCode = suite.withLockedValue { $0 }
            cipherSuite = suiteCode.map(CipherSuiteName.of)
            if tls.httpVersion == .http2Only && negotiated != "h2" {
                throw HTTPClientError.http2NotNegotiated(key.endpoint, negotiated: negotiated ?? "none")
            }
            // RFC 9113 §9.2: HTTP/2 over a connection that breaks its TLS rules is refused before any frame.
            if negotiated == "h2" {
                let version = tlsVersion.flatMap(TLSProtocolVersion.init(rawValue:))
                if let violation = HTTP2TLSRequirements.violation(version: version, suite: suiteCode) {
                    throw HTTPClientError.http2Failure(
                        key.endpoint, phase: .tlsHandshake, detail: "INADEQUATE_SECURITY: \(violation)")
                }
            }
        }
        let info = HTTPConnectionInfo(
            endpoint: key.endpoint, remoteAddress: channel.remoteAddress.map(Self.describe) ?? "-",
            proxy: key.proxy.map(\.description), tlsVersion: tlsVersion, cipherSuite: cipherSuite, trust: decision,
            reused: false, negotiatedProtocol: negotiated)
        let limits = self.limits
        if negotiated == "h2" {
            let http2 = self.http2
            let lifetime = TimeAmount(idleLifetime)
            let connection = try await loop.submit {
                try ProtocolHandover.http2(
                    on: channel, key: key, info: info, limits: limits, http2: http2, idleLifetime: lifetime)
            }.get()
            events?(.connected(info))
            return .http2(connection)
        }
        let reader = try await loop.submit { () -> NIOLoopBound<ResponseReader> in
            NIOLoopBound(try ProtocolHandover.http1(on: channel, limits: limits), eventLoop: channel.eventLoop)
        }.get()
        events?(.connected(info))
        return .http1(HTTPConnection(channel: channel, key: key, info: info, reader: reader))
    }

    /// Waits for `future`, closing the channel and throwing `timeout` when `budget` runs out, even
    /// when `future` itself never completes (a read of a pipe with no writer).
    @discardableResult
    static func wait<Value: Sendable>(
        _ future: EventLoopFuture<Value>, _ budget: TimeAmount, _ timeout: HTTPClientError, closing channel: any Channel
    ) async throws -> Value {
        let loop = channel.eventLoop
        let end = NIODeadline.now() + budget
        let outcome = loop.makePromise(of: Value.self)
        let timer = NIOLoopBoundBox<Scheduled<Void>?>.makeEmptyBox(valueType: Scheduled<Void>.self, eventLoop: loop)
        let settled = NIOLoopBoundBox.makeBoxSendingValue(false, eventLoop: loop)
        // Cancelled on the event loop the moment the future completes, so a timer that has not
        // run by then never closes a channel that finished in time. A second completion of
        // `outcome` is ignored, so whichever comes first decides.
        future.hop(to: loop).whenComplete { result in
            settled.value = true
            timer.value?.cancel()
            outcome.completeWith(result)
        }
        // Most waits end within the loop's current turn (a request's write, flushed by the
        // coalescer's task queued before this one): the timer, with the same deadline, is armed only
        // when the future is still pending after it, which spares a scheduled task per request.
        loop.execute {
            guard !settled.value else { return }
            timer.value = loop.scheduleTask(deadline: end) {
                // First the verdict, then the close: closing fails `future` at once, which must not win.
                outcome.fail(timeout)
                channel.close(promise: nil)
            }
        }
        return try await outcome.futureResult.get()
    }

    /// Names why a handshake failed: the trust decision when it rejected the server, else the
    /// ATS rule BoringSSL's error points at.
    static func classifyHandshake(_ error: any Error, decision: TrustDecision?, key: ConnectionKey, tls: TLSPolicyKey)
        -> HTTPClientError
    {
        if let decision, decision.verdict == .rejected { return .trustFailure(key.endpoint, decision) }
        if let error = error as? HTTPClientError { return error }
        let text = String(describing: error)
        if text.contains("UNSUPPORTED_PROTOCOL") || text.contains("PROTOCOL_VERSION") {
            return .tlsVersionRefused(
                key.endpoint, minimum: tls.minimumVersion, detail: TLSErrorDescription.describe(error))
        }
        if tls.forwardSecrecy
            && (text.contains("HANDSHAKE_FAILURE") || text.contains("NO_SHARED_CIPHER")
                || text.contains("NO_CIPHERS_AVAILABLE"))
        {
            return .forwardSecrecyRequired(key.endpoint, detail: TLSErrorDescription.describe(error))
        }
        if text.contains("WRONG_VERSION_NUMBER") {
            return .tlsHandshakeFailed(key.endpoint, detail: "the server does not speak TLS on port \(key.port)")
        }
        if let failure = error as? HandshakeWaiter.Failure {
            return .tlsHandshakeFailed(key.endpoint, detail: failure.description)
        }
        if case ConnectionFailure.closed(let detail) = error {
            return .tlsHandshakeFailed(key.endpoint, detail: detail)
        }
        return .tlsHandshakeFailed(key.endpoint, detail: TLSErrorDescription.describe(error))
    }

    /// Asks the runtime, once and off the request's path, whether each of this factory's handler
    /// types is an inbound, outbound or removable handler: the dynamic casts a pipeline makes when
    /// a handler is added, whose first answers (protocol conformance lookups) are slow. With
    /// `context`, the TLS handler too (made, never added to a pipeline: it opens nothing). Also
    /// builds the table of cipher suite names a handshake's report reads.
    static func warmHandlerMetadata(context: NIOSSLContext?) {
        var handlers: [any ChannelHandler] = [
            ServerHelloSniffer(result: NIOLockedValueBox(nil)), HTTPRequestEncoder(),
            ByteToMessageHandler(HTTPResponseDecoder()), ResponseReader(),
        ]
        if let context, let tls = try? NIOSSLClientHandler(context: context, serverHostname: nil) {
            handlers.append(tls)
        }
        let answers = askRuntime(about: handlers, types: [HandshakeWaiter.self])
        warmedAnswers.withLockedValue { $0 = answers }
        _ = CipherSuiteName.of(0x1301)
    }

    /// How many handler questions the last warm-up answered yes: kept so that no compiler can
    /// treat the casts that count them as unused.
    private static let warmedAnswers = NIOLockedValueBox(0)

    /// The casts themselves, as a pipeline makes them, out of the optimizer's reach: optimized,
    /// it answers them at compile time or drops them as unused (it did: the warm-up asked the
    /// runtime nothing), and the runtime's cache stays cold for the first request.
    @_optimize(none)
    private static func askRuntime(about handlers: [any ChannelHandler], types: [Any.Type]) -> Int {
        var answers = 0
        for handler in handlers {
            if handler is any _ChannelInboundHandler { answers += 1 }
            if handler is any _ChannelOutboundHandler { answers += 1 }
            if handler is any RemovableChannelHandler { answers += 1 }
        }
        for type in types {
            if type is any _ChannelInboundHandler.Type { answers += 1 }
            if type is any _ChannelOutboundHandler.Type { answers += 1 }
            if type is any RemovableChannelHandler.Type { answers += 1 }
        }
        return answers
    }

    static func describe(_ address: SocketAddress) -> String {
        guard let ip = address.ipAddress, let port = address.port else { return "\(address)" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return describe(first.error) }
            if let resolution = error.dnsAAAAError ?? error.dnsAError {
                return "cannot resolve the name: \(resolution)"
            }
            return "\(error)"
        }
        return "\(error)"
    }
}
