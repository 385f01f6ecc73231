import RampartHTTP

/// What one ATS configuration gave when diagnostics loaded the URL with it.
///
/// ```swift
/// for run in diagnosis.runs {
///     print(run.configuration.name, run.passed ? "PASS" : "FAIL", run.reason ?? run.tlsVersion ?? "")
/// }
/// ```
public struct ATSDiagnosticRun: Sendable {
    public var configuration: ATSDiagnosticConfiguration
    /// Whether the load completed: the handshake, trust, ATS and an HTTP response head.
    public var passed: Bool
    /// Why the load failed, in words.
    public var reason: String?
    /// The client's error, when the load failed.
    public var failure: HTTPClientError?
    /// The negotiated TLS version of a passing load (`nil` for cleartext).
    public var tlsVersion: String?
    /// The negotiated cipher suite's IANA name of a passing load.
    public var cipherSuite: String?
    /// The HTTP status of a passing load.
    public var status: Int?
    /// The protocol the server selected by ALPN on a passing load (`h2`, `http/1.1`); `nil` when
    /// it selected none, or for cleartext. The client offers `h2` and `http/1.1`, as URLSession does.
    public var negotiatedProtocol: String?

    public init(
        configuration: ATSDiagnosticConfiguration, passed: Bool, reason: String? = nil,
        failure: HTTPClientError? = nil, tlsVersion: String? = nil, cipherSuite: String? = nil, status: Int? = nil
    ) {
        self.configuration = configuration
        self.passed = passed
        self.reason = reason
        self.failure = failure
        self.tlsVersion = tlsVersion
        self.cipherSuite = cipherSuite
        self.status = status
    }

    /// The run with the protocol the server selected by ALPN.
    func negotiating(_ negotiatedProtocol: String?) -> ATSDiagnosticRun {
        var run = self
        run.negotiatedProtocol = negotiatedProtocol
        return run
    }
}
