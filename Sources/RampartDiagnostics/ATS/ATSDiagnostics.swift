import Foundation
import NIOCore
import RampartHTTP
import RampartPolicy
import RampartTrust
import X509

/// ATS diagnostics of a live server, what `nscurl --ats-diagnostics --verbose` does on macOS, on
/// any platform: each configuration of nscurl's matrix is a real request through `HTTPClient`
/// with that ATS dictionary, run concurrently over a bounded number of connections; then the
/// served chain, the ATS certificate rules it breaks, Certificate Transparency (with a log list),
/// the smallest exception that loads the URL, and the fix on the server.
///
/// Local hosts (IP literals, `localhost`, `.local` names) are diagnosed as if they were public
/// hosts (`ATSOSGeneration/ios17`'s reading), so that a server tested on loopback is judged as it
/// will be once deployed.
///
/// ```swift
/// var diagnostics = ATSDiagnostics()
/// diagnostics.anchors = .systemPlus([corporateRoot])
/// let diagnosis = try await diagnostics.diagnose(URL(string: "https://legacy.example.com/")!)
/// print(diagnosis.defaultPasses, diagnosis.minimalException as Any, diagnosis.serverFix ?? "")
/// ```
public struct ATSDiagnostics: Sendable {
    /// The roots that validate the chain (the system's by default; add a corporate root).
    public var anchors: TrustAnchors
    /// The app's own ATS dictionary, tried first, pins included; `source` names it in reports.
    public var app: (configuration: ATSConfiguration, source: String)?
    /// For the connection, the handshake and the response head of each configuration.
    public var timeout: Duration
    /// For the whole diagnosis (every configuration and the served-chain probe): past it,
    /// ``diagnose(_:)`` throws ``ATSDiagnosticsError/timedOut(_:after:running:)`` naming what was
    /// still running, however slowly a server answers.
    public var maxTime: Duration
    /// How many configurations run at once.
    public var maxConnections: Int
    /// How many connections diagnostics (and ``PinHealthCheck``'s domains) open at once by default.
    public static let defaultMaxConnections = 6
    /// Checks the served leaf's SCTs when set (and enforces CT where the app's dictionary asks).
    public var certificateTransparency: CertificateTransparencyChecker?
    /// Which OS's ATS rules decide.
    public var os: ATSOSGeneration

    public init(
        anchors: TrustAnchors = .system, app: (configuration: ATSConfiguration, source: String)? = nil,
        timeout: Duration = .seconds(10), maxTime: Duration = .seconds(60),
        maxConnections: Int = ATSDiagnostics.defaultMaxConnections,
        certificateTransparency: CertificateTransparencyChecker? = nil, os: ATSOSGeneration = .ios17
    ) {
        self.anchors = anchors
        self.app = app
        self.timeout = timeout
        self.maxTime = maxTime
        self.maxConnections = max(1, maxConnections)
        self.certificateTransparency = certificateTransparency
        self.os = os
    }

    /// Where diagnosing `url` connects: the one check of a URL to diagnose, which ``diagnose(_:)``
    /// makes first and a caller can make before any work (a command line's usage error).
    ///
    /// ```swift
    /// let endpoint = try ATSDiagnostics.endpoint(of: URL(string: "https://example.com:8443/")!)
    /// ```
    ///
    /// - Throws: ``ATSDiagnosticsError/unsupportedURL(_:)`` for a URL that is not `https` or `http`
    ///   with a host; ``ATSDiagnosticsError/unusableURL(_:reason:)`` for a port outside 1…65535,
    ///   credentials or an unusable host. Messages show credentials as `***`.
    public static func endpoint(of url: URL) throws(ATSDiagnosticsError) -> Endpoint {
        let shown = Endpoint.redacting(url.absoluteString)
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let rawHost = url.host, !rawHost.isEmpty
        else { throw .unsupportedURL(shown) }
        do {
            return try Endpoint(url: url)
        } catch {
            throw .unusableURL(shown, reason: error)
        }
    }

    /// Runs every configuration against `url` and reads the served chain.
    ///
    /// - Throws: ``ATSDiagnosticsError/unreachable(_:detail:)`` when no configuration
    ///   could open a TCP connection; ``ATSDiagnosticsError/unsupportedURL(_:)`` or
    ///   ``ATSDiagnosticsError/unusableURL(_:reason:)`` (a port outside 1…65535, credentials)
    ///   before any connection; ``ATSDiagnosticsError/timedOut(_:after:running:)`` when the
    ///   diagnosis took longer than ``maxTime``.
    public func diagnose(_ url: URL) async throws(ATSDiagnosticsError) -> ATSDiagnosis {
        // Every connection (each configuration's request and the served-chain probe) goes to this.
        let endpoint = try Self.endpoint(of: url)
        let jobs = RunningJobs()
        return try await Self.within(maxTime, endpoint: endpoint, jobs: jobs) {
            do throws(ATSDiagnosticsError) {
                return .success(try await diagnose(url, endpoint: endpoint, jobs: jobs))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// ``diagnose(_:)`` without its deadline; `jobs` lists the configurations and probe running.
    private func diagnose(_ url: URL, endpoint: Endpoint, jobs: RunningJobs) async throws(ATSDiagnosticsError)
        -> ATSDiagnosis
    {
        let scheme = url.scheme?.lowercased()
        let host = endpoint.host.name
        var configurations = ATSDiagnosticConfiguration.matrix(host: host)
        if let app {
            configurations.insert(
                ATSDiagnosticConfiguration(
                    section: "The app's own configuration", name: "App Info.plist",
                    kind: .app(app.configuration, source: app.source), host: host), at: 0)
        }
        async let served =
            scheme == "https" ? jobs.run("the served-chain probe") { await servedChain(endpoint) } : .success([])
        let runs = await run(configurations, url: url, jobs: jobs)
        if runs.allSatisfy({ Self.isUnreachable($0.failure) }), let failure = runs.first?.failure {
            throw .unreachable(endpoint, detail: "\(failure)")
        }
        var notes: [ATSDiagnosisNote] = []
        if endpoint.host.isLocal { notes.append(.localHost(host)) }
        var chain: [EncodedCertificate] = []
        switch await served {
        case .success(let certificates): chain = certificates
        case .failure(let error): notes.append(.servedChainUnreadable(reason: "\(error)"))
        }
        let summarized = chain.compactMap { encoded in (try? CertificateSummary(encoded)).map { (encoded, $0) } }
        let summaries = summarized.map(\.1)
        // swift-certificates refuses weak keys (RSA under 2048 bits…): their summary names the weakness.
        var violations = ATSCertificateRules.violations(
            in: chain.compactMap(\.certificate).filter { !Self.isSelfIssued($0) }
        ).map(\.description)
        for (encoded, summary) in summarized where encoded.certificate == nil {
            violations += summary.weaknesses.map { "\(summary.subject): \($0)" }
        }
        var transparency: CTDecision?
        if let checker = certificateTransparency, let leaf = chain.first {
            transparency = checker.check(leaf: leaf, issuer: chain.dropFirst().first)
        }
        return ATSDiagnosis(
            url: url, endpoint: endpoint, runs: runs, chain: summaries,
            certificateRuleViolations: violations, transparency: transparency, notes: notes)
    }

    /// The configurations' results, in their order, at most `maxConnections` at a time.
    private func run(_ configurations: [ATSDiagnosticConfiguration], url: URL, jobs: RunningJobs) async
        -> [ATSDiagnosticRun]
    {
        await BoundedConcurrency.map(count: configurations.count, limit: maxConnections) { index in
            let configuration = configurations[index]
            guard !Task.isCancelled else {
                return ATSDiagnosticRun(configuration: configuration, passed: false, reason: "cancelled")
            }
            return await jobs.run(configuration.name) { await load(url, with: configuration) }
        }.compactMap { $0 }
    }

    /// One request through a client configured with `configuration`'s dictionary.
    private func load(_ url: URL, with configuration: ATSDiagnosticConfiguration) async -> ATSDiagnosticRun {
        var settings = HTTPClientConfiguration()
        settings.policy = ATSPolicy(configuration.configuration, os: os)
        settings.anchors = anchors
        settings.timeouts = HTTPTimeouts(all: timeout)
        settings.followsRedirects = false
        settings.certificateTransparency = certificateTransparency
        settings.userAgent = "Rampart-ATS-Diagnostics"
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: settings)
        } catch {
            return ATSDiagnosticRun(
                configuration: configuration, passed: false, reason: "the configuration cannot be used: \(error)")
        }
        defer { client.shutdown() }
        do {
            let response = try await client.execute(HTTPRequest(url: url))
            await response.body.discard()
            return ATSDiagnosticRun(
                configuration: configuration, passed: true, tlsVersion: response.connection.tlsVersion,
                cipherSuite: response.connection.cipherSuite, status: response.status
            ).negotiating(response.connection.negotiatedProtocol)
        } catch {
            return ATSDiagnosticRun(configuration: configuration, passed: false, reason: "\(error)", failure: error)
        }
    }

    /// The chain as served, read by an untrusting probe that accepts any TLS version.
    private func servedChain(_ endpoint: Endpoint) async -> Result<[EncodedCertificate], any Error> {
        do {
            let der = try await ServedChainProbe.fetchDER(endpoint, timeout: TimeAmount(timeout))
            return .success(try der.map { try EncodedCertificate(derEncoded: $0) })
        } catch {
            return .failure(error)
        }
    }

    private static func isUnreachable(_ failure: HTTPClientError?) -> Bool {
        switch failure {
        case .connectionFailed?: return true
        case .timeout(let phase, _, _)?: return phase == .connect
        default: return false
        }
    }

    private static func isSelfIssued(_ certificate: Certificate) -> Bool {
        certificate.subject == certificate.issuer
    }
}
