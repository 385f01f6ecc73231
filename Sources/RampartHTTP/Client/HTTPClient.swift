import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RampartPolicy
import RampartTrust
import RampartTrustNIO

/// An HTTPS client that enforces App Transport Security, Rampart's trust decision and pins on
/// every request and every redirect hop, caches nothing, and bounds what it reads.
///
/// Per hop: the ATS decision for the URL; TLS configured from it (minimum version, forward-secret
/// suites); the chain, host, ATS certificate rules and pins decided inside the handshake; an
/// HTTPS → HTTP redirect refused; credentials and cookies dropped when the origin changes.
/// Connections are kept alive per origin and requirements. Nothing is ever written to disk.
///
/// ```swift
/// let client = try HTTPClient(configuration: configuration)
/// defer { client.shutdown() }
/// let response = try await client.execute(HTTPRequest(url: URL(string: "https://api.example.com/")!))
/// let body = try await response.body.collect()
/// ```
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    private let pool: ConnectionPool
    private let factory: ConnectionFactory
    private let reportClient: HTTPClient?
    private let affinity: LoopAffinity
    /// The pin-failure reports queued or being sent.
    public var pendingReports: Int { factory.trust.reporter?.pending ?? 0 }

    /// - Throws: ``TrustError`` when the policy's `NSPinnedDomains` do not make valid
    ///   pin sets (a malformed domain, no pin): the client refuses to start rather than run
    ///   without pins the app relies on.
    public init(
        configuration: HTTPClientConfiguration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws {
        self.configuration = configuration
        let pinning = configuration.pinning + (try PinnedHost.pins(of: configuration.policy.configuration))
        var reporter: PinFailureReportSender?
        if let reporting = configuration.reporting {
            var reportConfiguration = configuration
            reportConfiguration.reporting = nil
            reportConfiguration.followsRedirects = false
            reportConfiguration.onEvent = nil
            reportConfiguration.timeouts = HTTPTimeouts(all: .seconds(10))
            let client = try HTTPClient(configuration: reportConfiguration, group: group)
            reportClient = client
            reporter = PinFailureReportSender(reporting: reporting, events: configuration.onEvent) {
                destination, json in
                var request = HTTPRequest(url: destination, method: .POST, body: .bytes(json))
                request.headers.add(name: "Content-Type", value: "application/json")
                let response = try await client.execute(request)
                await response.body.discard()
                return response.status
            }
        } else {
            reportClient = nil
        }
        affinity = LoopAffinity(group: group)
        pool = ConnectionPool(
            maxPerKey: configuration.limits.maxIdleConnectionsPerOrigin,
            lifetime: TimeAmount(configuration.limits.idleConnectionLifetime))
        factory = ConnectionFactory(
            tlsContexts: TLSContextCache.shared,
            trust: TrustSetup(
                anchors: configuration.anchors, pinning: pinning,
                additionalPolicies: configuration.additionalTrustPolicies,
                transparency: configuration.certificateTransparency, reporter: reporter),
            limits: configuration.limits, timeouts: configuration.timeouts, events: configuration.onEvent)
    }

    /// Prepares process-wide state a first request needs — the event loop threads, the TLS
    /// context for ATS's default requirements, the connection handlers' type metadata — so that a
    /// short-lived process (a CLI) can do it on another core while it parses its arguments.
    /// Optional: without it the first request does the same work itself.
    ///
    /// ```swift
    /// Task.detached { await HTTPClient.prepare() }   // first thing in main
    /// ```
    public static func prepare(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async {
        _ = group.next()
        _ = try? TLSContextCache.shared.context(for: TLSPolicyKey(ATSRequirements.defaults))
        ConnectionFactory.warmHandlerMetadata()
        await TrustEvaluator.prepare()
    }

    /// Closes every kept-alive connection. Requests in flight finish; later ones open new ones.
    public func shutdown() {
        pool.shutdown()
        reportClient?.shutdown()
    }

    /// A `GET` of `url`, body collected.
    public func get(_ url: String) async throws(HTTPClientError) -> (HTTPResponse, [UInt8]) {
        guard let parsed = URL(string: url) else {
            throw .invalidURL(Endpoint.redacting(url), reason: "it does not parse as a URL")
        }
        let response = try await execute(HTTPRequest(url: parsed))
        return (response, try await response.body.collect())
    }

    /// Sends `request`, following redirects, and returns once the response head arrived; read
    /// its ``HTTPResponse/body``.
    public func execute(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try RequestSyntax.check(request)
        let deadline = Deadline(total: configuration.timeouts.total)
        var current = request
        var hops: [URL] = []
        var decisions: [ATSDecision] = []
        while true {
            let target = try Target(current.url)
            hops.append(current.url)
            let decision = configuration.policy.requirements(scheme: target.scheme, host: target.host)
            decisions.append(decision)
            configuration.onEvent?(.policyDecision(decision))
            guard decision.isAllowed else { throw .blockedByATS(decision) }
            if target.scheme == "https" && decision.requirements.requiresCertificateTransparency
                && configuration.certificateTransparency == nil
            {
                throw .certificateTransparencyNeedsLogList(host: target.host)
            }
            let proxy = configuration.proxy.proxy(scheme: target.scheme, host: target.host, port: target.port)
            if let proxy, !(1...65535).contains(proxy.port) {
                throw .invalidProxyConfiguration("the proxy \(proxy) has port \(proxy.port), outside 1…65535")
            }
            let key = ConnectionKey(
                scheme: target.scheme, host: target.host, port: target.port, proxy: proxy,
                tls: target.scheme == "https" ? TLSPolicyKey(decision.requirements) : nil)
            var response = try await exchange(current, target: target, key: key, deadline: deadline)
            response.hops = hops
            response.decisions = decisions
            guard configuration.followsRedirects else { return response }
            let next: HTTPRequest?
            do {
                next = try RedirectPolicy().nextHop(
                    after: current, status: response.status, location: response.headers.first(name: "Location"))
            } catch {
                await response.body.discard()
                throw error
            }
            guard let next else { return response }
            await response.body.discard()
            guard hops.count <= configuration.limits.maxRedirects else {
                throw .tooManyRedirects(limit: configuration.limits.maxRedirects, chain: hops + [next.url])
            }
            configuration.onEvent?(.redirect(status: response.status, from: current.url, to: next.url))
            current = next
        }
    }

    /// One request on one connection: a kept-alive one when there is one (retried once on a
    /// fresh connection if the server had closed it), else a new one.
    private func exchange(_ request: HTTPRequest, target: Target, key: ConnectionKey, deadline: Deadline)
        async throws(HTTPClientError) -> HTTPResponse
    {
        let loop = affinity.loop(for: key)
        return try await affinity.run(on: loop) { () async throws(HTTPClientError) -> HTTPResponse in
            try await exchange(request, target: target, key: key, loop: loop, deadline: deadline)
        }
    }

    private func exchange(
        _ request: HTTPRequest, target: Target, key: ConnectionKey, loop: any EventLoop, deadline: Deadline
    ) async throws(HTTPClientError) -> HTTPResponse {
        if let kept = await pool.take(key) {
            configuration.onEvent?(.reusingConnection(host: key.host, port: key.port))
            do {
                return try await send(request, target: target, on: kept, reused: true, deadline: deadline)
            } catch is StaleConnection {
                // The server had closed the kept-alive connection: a fresh one is opened below.
            } catch {
                throw Self.translate(error, host: key.host)
            }
        }
        let connection: HTTPConnection
        do {
            connection = try await factory.connect(key, on: loop, deadline: deadline)
        } catch {
            throw Self.translate(error, host: key.host)
        }
        do {
            return try await send(request, target: target, on: connection, reused: false, deadline: deadline)
        } catch let stale as StaleConnection {
            throw Self.translate(stale.underlying, host: key.host)
        } catch {
            throw Self.translate(error, host: key.host)
        }
    }

    private func send(
        _ request: HTTPRequest, target: Target, on connection: HTTPConnection, reused: Bool, deadline: Deadline
    ) async throws -> HTTPResponse {
        let head = requestHead(request, target: target, proxy: connection.key.tls == nil ? connection.key.proxy : nil)
        let host = target.host
        let idle = configuration.timeouts.idle
        var receivedAnything = false
        do {
            try await connection.send(
                head: head, body: request.body, maxStreamedBytes: configuration.limits.maxStreamedRequestBytes
            ) { deadline.budget(.requestBody, idle, host: host) }
            let (budget, timeout) = deadline.budget(.firstByte, configuration.timeouts.firstByte, host: host)
            let part = try await connection.nextPart(timeout: budget) { timeout }
            receivedAnything = true
            guard case .head(let responseHead) = part else {
                throw HTTPClientError.malformedResponse(
                    host: host, detail: "the response did not start with a status line")
            }
            let limit = configuration.limits.maxResponseBytes
            if let declared = responseHead.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                connection.close()
                throw HTTPClientError.responseTooLarge(host: host, limit: limit, declared: declared)
            }
            var info = connection.info
            info.reused = reused
            let keepAlive = responseHead.isKeepAlive && head.isKeepAlive
            var prefetched: [ByteBuffer] = []
            var ended = false
            for part in await connection.takeBuffered() {
                switch part {
                case .body(let slice): prefetched.append(slice)
                case .end: ended = true
                case .head:
                    throw HTTPClientError.malformedResponse(host: host, detail: "a second response head arrived")
                }
            }
            if prefetched.reduce(0, { $0 + $1.readableBytes }) > limit {
                throw HTTPClientError.responseTooLarge(host: host, limit: limit, declared: nil)
            }
            if ended {
                if keepAlive { await pool.put(connection) } else { connection.close() }
            }
            let stream = BodyStream(
                connection: connection, pool: pool, affinity: affinity, limit: limit,
                idle: configuration.timeouts.idle, deadline: deadline, keepAlive: keepAlive, prefetched: prefetched,
                released: ended)
            return HTTPResponse(
                status: Int(responseHead.status.code), reason: responseHead.status.reasonPhrase,
                headers: responseHead.headers, url: request.url, hops: [request.url], decisions: [], connection: info,
                body: HTTPResponseBody(stream: stream))
        } catch {
            connection.close()
            if reused && !receivedAnything && !(error is HTTPClientError) { throw StaleConnection(underlying: error) }
            throw error
        }
    }

    /// The request head as sent: origin-form target (absolute-form through a cleartext proxy),
    /// `Host`, the body's framing, and the caller's headers minus the hop-by-hop ones.
    private func requestHead(_ request: HTTPRequest, target: Target, proxy: HTTPProxy?) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        for (name, value) in request.headers where !Self.managedHeaders.contains(name.lowercased()) {
            headers.add(name: name, value: value)
        }
        if !headers.contains(name: "User-Agent"), let agent = configuration.userAgent {
            headers.add(name: "User-Agent", value: agent)
        }
        if let body = request.body {
            if let length = body.length {
                headers.add(name: "Content-Length", value: String(length))
            } else {
                headers.add(name: "Transfer-Encoding", value: "chunked")
            }
        } else if [.POST, .PUT, .PATCH].contains(request.method) {
            headers.add(name: "Content-Length", value: "0")
        }
        var uri = target.originForm
        if let proxy {
            uri = target.absoluteForm
            if let authorization = proxy.authorization {
                headers.add(name: "Proxy-Authorization", value: authorization)
            }
        }
        return HTTPRequestHead(version: .http1_1, method: request.method, uri: uri, headers: headers)
    }

    private static let managedHeaders: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "te", "upgrade",
        "proxy-connection", "proxy-authorization", "trailer",
    ]

    /// Turns any failure into the ``HTTPClientError`` that names it.
    static func translate(_ error: any Error, host: String) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError:
            return error
        case let error as HTTPParserError:
            if error == .headerOverflow {
                return .responseHeadersTooLarge(host: host, detail: "more header bytes or fields than the limit allows")
            }
            return .malformedResponse(host: host, detail: "\(error)")
        case ConnectionFailure.closed(let detail):
            return .connectionClosed(host: host, detail: detail)
        default:
            return .connectionClosed(host: host, detail: TLSErrorDescription.describe(error))
        }
    }
}

/// A kept-alive connection the server had closed before the request got any answer.
struct StaleConnection: Error {
    let underlying: any Error
}
