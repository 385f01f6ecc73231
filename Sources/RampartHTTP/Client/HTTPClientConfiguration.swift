import Foundation
import RampartPolicy
import RampartTrust

/// Everything an ``HTTPClient`` enforces: the ATS policy, the trust anchors and pins, timeouts,
/// limits, proxies and pin-failure reporting. The defaults are ATS's own: HTTPS only, TLS 1.2+,
/// forward secrecy, ATS certificate rules, the system's roots.
///
/// ```swift
/// var configuration = HTTPClientConfiguration()
/// configuration.policy = try ATSPolicy(contentsOf: plistURL, os: .ios17)  // refuses values ATS ignores
/// configuration.pinning = [try PinnedHost(domain: "api.example.com", pins: [primary, backup])]
/// configuration.proxy = try ProxySettings.fromEnvironment()
/// let client = try HTTPClient(configuration: configuration)
/// ```
public struct HTTPClientConfiguration: Sendable {
    /// The App Transport Security policy every URL (and every redirect hop) is decided by.
    ///
    /// The default applies ATS to local hosts too (`ATSOSGeneration/ios17`, the strict reading:
    /// unqualified names, `.local` names and private addresses need `NSAllowsLocalNetworking`),
    /// so a service never drops TLS for a name like `db.svc.cluster.local` without being told to.
    /// iOS 18.4 and later exempt local hosts unless the key is `NO`; to decide as they do, set
    /// `ATSPolicy(configuration, os: .ios18_4)`.
    public var policy: ATSPolicy = ATSPolicy(ATSConfiguration(), os: .ios17)
    /// The roots chains are validated against.
    public var anchors: TrustAnchors = .system
    /// Pins enforced on top of chain validation. The policy's `NSPinnedDomains` are added to
    /// these automatically.
    public var pinning: [PinnedHost] = []
    /// swift-certificates policies every handshake must also meet (`AdditionalTrustPolicies`).
    public var additionalTrustPolicies: AdditionalTrustPolicies?
    /// Certificate Transparency, as Apple platforms enforce it: with a checker (a log list and a
    /// policy), every chain to a system root must meet the CT policy; chains to roots the
    /// anchors add (`TrustAnchors/systemPlus(_:)`, `TrustAnchors/only(_:)`) are exempt unless
    /// the ATS policy sets `NSRequiresCertificateTransparency` for the host. Without one, such hosts
    /// are refused.
    public var certificateTransparency: CertificateTransparencyChecker?
    public var timeouts = HTTPTimeouts()
    public var limits = HTTPLimits()
    /// The HTTP versions offered by ALPN: HTTP/2 when the server selects it, HTTP/1.1 otherwise
    /// (``HTTPVersionPreference/automatic``), or one of them only.
    public var httpVersion: HTTPVersionPreference = .automatic
    /// Bounds and settings of HTTP/2 connections.
    public var http2 = HTTP2Limits()
    /// The proxies to use; ``ProxySettings/direct`` (no proxy) unless set, for example from
    /// ``ProxySettings/fromEnvironment(_:)``.
    public var proxy: ProxySettings = .direct
    /// Whether 301, 302, 303, 307 and 308 answers are followed (each hop decided afresh).
    public var followsRedirects = true
    /// Where pin failures are reported, besides the `reportURIs` of the pinned hosts.
    public var reporting: PinFailureReporting?
    /// The `User-Agent` sent unless a request sets its own: `Rampart/` and the release (`Rampart/0.3.0`).
    public var userAgent: String? = "Rampart/" + RampartVersion.current
    /// Whether requests send `Accept-Encoding: gzip, deflate` (unless they carry their own) and
    /// responses are decoded (curl's `--compressed`). A request that sets `Accept-Encoding` itself
    /// gets its `gzip`/`deflate` response decoded either way. Default `false`.
    public var decompression = false
    /// Client certificates (mutual TLS), each presented only on connections to its origin: the
    /// `https` scheme, the host and the port of the `Endpoint`. A redirect to another origin
    /// connects without it. Set entries with ``setClientIdentity(_:for:)``.
    public var clientIdentities: [Endpoint: HTTPClientIdentity] = [:]

    /// Presents `identity` to the origin of `url` (scheme `https`, its host and port) when that
    /// server asks for a client certificate, and to no other origin.
    ///
    /// ```swift
    /// try configuration.setClientIdentity(identity, for: URL(string: "https://mtls.example.com:8443/")!)
    /// ```
    ///
    /// - Throws: ``HTTPClientError/invalidURL(_:reason:)`` for a URL that is not `https://` or has
    ///   no valid host and port.
    public mutating func setClientIdentity(_ identity: HTTPClientIdentity, for url: URL) throws(HTTPClientError) {
        let target = try Target(url)
        guard target.scheme == "https" else {
            throw .invalidURL(
                Endpoint.redacting(url.absoluteString), reason: "a client certificate is sent over https:// only")
        }
        clientIdentities[target.endpoint] = identity
    }

    /// Called with each step of every exchange (decisions, connections, redirects), for logs and
    /// `rampart fetch -v`. It runs on a network thread: keep it quick.
    public var onEvent: (@Sendable (HTTPClientEvent) -> Void)?

    public init() {}
}

/// How pin failures are reported: TrustKit-format JSON POSTed to each pinned host's report URIs
/// (rate-limited, in the background) and handed to any extra reporters.
///
/// ```swift
/// configuration.reporting = PinFailureReporting(app: ReportingApp(bundleID: "com.example.app", version: "1.0"))
/// ```
public struct PinFailureReporting: Sendable {
    public var app: ReportingApp
    /// Also given every report (for example a `JSONLinesReporter` for a local log).
    public var additionalReporters: [any PinFailureReporter]
    /// The same failure (host, pins, chain) is reported at most once per window.
    public var window: Duration
    /// Reports waiting to be sent beyond this are dropped, so a storm of failures never queues
    /// unbounded work.
    public var maxPending: Int

    public init(
        app: ReportingApp, additionalReporters: [any PinFailureReporter] = [], window: Duration = .seconds(86_400),
        maxPending: Int = 16
    ) {
        self.app = app
        self.additionalReporters = additionalReporters
        self.window = window
        self.maxPending = maxPending
    }
}
