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
    let pool: ConnectionPool
    let factory: ConnectionFactory
    private let reportClient: HTTPClient?
    let affinity: LoopAffinity
    /// The URLs requested lately, read once each.
    let targets = TargetCache()
    /// The pin-failure reports queued or being sent.
    public var pendingReports: Int { factory.trust.reporter?.pending ?? 0 }

    /// - Throws: `TrustError` when the policy's `NSPinnedDomains` do not make valid
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
            tlsContexts: TLSContextCache(sharing: .shared),
            trust: TrustSetup(
                anchors: configuration.anchors, pinning: pinning,
                additionalPolicies: configuration.additionalTrustPolicies,
                transparency: configuration.certificateTransparency, reporter: reporter),
            limits: configuration.limits, timeouts: configuration.timeouts, events: configuration.onEvent,
            httpVersion: configuration.httpVersion, http2: configuration.http2,
            idleLifetime: configuration.limits.idleConnectionLifetime)
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
        let context = try? TLSContextCache.shared.context(for: TLSPolicyKey(ATSRequirements.defaults))
        ConnectionFactory.warmHandlerMetadata(context: context)
        await TrustEvaluator.prepare()
    }

    /// Closes every kept-alive connection and drops the TLS contexts made with a client identity
    /// (they hold its private key). Requests in flight finish; later ones open new connections.
    public func shutdown() {
        pool.shutdown()
        factory.tlsContexts.removeAll()
        reportClient?.shutdown()
    }

    /// The TLS contexts this client keeps for its client identities (for tests).
    package var tlsContexts: TLSContextCache { factory.tlsContexts }

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
            let target = try targets.target(current.url)
            hops.append(current.url)
            let decision = configuration.policy.requirements(scheme: target.scheme, host: target.host)
            decisions.append(decision)
            configuration.onEvent?(.policyDecision(decision))
            guard decision.isAllowed else { throw .blockedByATS(decision) }
            if target.scheme == "https" && decision.requirements.requiresCertificateTransparency
                && configuration.certificateTransparency == nil
            {
                throw .certificateTransparencyNeedsLogList(target.endpoint)
            }
            let proxy = configuration.proxy.proxy(scheme: target.scheme, to: target.endpoint)
            let key = ConnectionKey(
                scheme: target.scheme, endpoint: target.endpoint, proxy: proxy,
                tls: target.scheme == "https"
                    ? TLSPolicyKey(
                        decision.requirements, httpVersion: configuration.httpVersion,
                        clientIdentity: configuration.clientIdentities[target.endpoint]) : nil)
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
}
