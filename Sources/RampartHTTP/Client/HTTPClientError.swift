import Foundation
import RampartPolicy
import RampartTrust

/// Why a request did not complete, naming the rule or phase that stopped it.
///
/// Each case says what was wrong, where (host, URL, phase) and what to do. ``isPolicyOrTrust``
/// separates refusals the client made on purpose (ATS, trust, pins) from network failures.
///
/// ```swift
/// do {
///     _ = try await client.get("https://api.example.com/")
/// } catch .trustFailure(let endpoint, let decision) {
///     print("\(endpoint): \(decision.failures)")
/// } catch {
///     print(error)
/// }
/// ```
public enum HTTPClientError: Error, Sendable, CustomStringConvertible {
    /// The URL is not an absolute `http` or `https` URL with a host.
    case invalidURL(String, reason: String)
    /// The request cannot be written as HTTP/1.1: a method that is not an RFC 9110 token, a header
    /// name that is not one, or a header value with a line break or NUL (each would let one
    /// request smuggle another onto the connection).
    case invalidRequest(String)
    /// App Transport Security does not allow this load (cleartext, for example).
    case blockedByATS(ATSDecision)
    /// A redirect from HTTPS to cleartext HTTP.
    case insecureRedirect(from: URL, to: URL)
    /// More redirects than ``HTTPLimits/maxRedirects``.
    case tooManyRedirects(limit: Int, chain: [URL])
    /// The server at the endpoint offered no TLS version at or above the ATS minimum.
    case tlsVersionRefused(Endpoint, minimum: TLSProtocolVersion, detail: String)
    /// The server offered no forward-secret (ECDHE) suite, which ATS requires for TLS 1.2.
    case forwardSecrecyRequired(Endpoint, detail: String)
    /// ATS requires Certificate Transparency for this host (`NSRequiresCertificateTransparency`)
    /// and the configuration has no CT log list to check SCTs with: the request is refused rather
    /// than let through unchecked.
    case certificateTransparencyNeedsLogList(Endpoint)
    /// The trust decision rejected the server (chain, host name, ATS certificate rules or pins).
    case trustFailure(Endpoint, TrustDecision)
    /// The TLS handshake failed for another reason.
    case tlsHandshakeFailed(Endpoint, detail: String)
    /// HTTP/2 only (``HTTPVersionPreference/http2Only``) and the server did not select `h2` by
    /// ALPN: `negotiated` is what it selected (`http/1.1`), `nil` when it selected nothing or the
    /// URL is cleartext (h2c is not spoken).
    case http2NotNegotiated(Endpoint, negotiated: String?)
    /// An HTTP/2 connection or stream failed in `phase`: the server reset the stream, broke the
    /// protocol, went past a limit of ``HTTP2Limits``, or went away (`GOAWAY`) before processing a
    /// request that is not safe to retry.
    case http2Failure(Endpoint, phase: HTTPPhase, detail: String)
    /// A phase took longer than its timeout, with the endpoint it was waiting for (the proxy's for
    /// ``HTTPPhase/proxyTunnel``).
    case timeout(HTTPPhase, after: Duration, Endpoint)
    /// The response body is larger than ``HTTPLimits/maxResponseBytes``.
    case responseTooLarge(Endpoint, limit: Int, declared: Int?)
    /// The response headers exceed ``HTTPLimits/maxHeaderBytes`` or ``HTTPLimits/maxHeaderCount``.
    case responseHeadersTooLarge(Endpoint, detail: String)
    /// The server's answer is not valid HTTP/1.1.
    case malformedResponse(Endpoint, detail: String)
    /// The server closed the connection before the response was complete.
    case connectionClosed(Endpoint, detail: String)
    /// The TCP connection could not be opened.
    case connectionFailed(Endpoint, detail: String)
    /// The proxy refused the `CONNECT` tunnel with this HTTP status.
    case proxyRefused(proxy: String, status: Int, reason: String)
    /// The proxy could not be reached or answered with something that is not HTTP.
    case proxyFailed(proxy: String, detail: String)
    /// The proxy settings (`HTTPS_PROXY`, `NO_PROXY`…) are not usable.
    case invalidProxyConfiguration(String)
    /// Reading the request body failed, or its source gave more or fewer bytes than declared.
    case requestBodyFailed(String)
    /// A request body of unknown length went past ``HTTPLimits/maxStreamedRequestBytes``.
    case requestBodyTooLarge(source: String, limit: Int)
    /// The client was shut down.
    case shutDown
    /// The response body could not be decoded from its content coding while it was read: an
    /// unsupported coding, corrupt or truncated data, or a decompression bomb past a limit.
    case contentDecodingFailed(Endpoint, detail: String)

    /// Whether the client refused on purpose (ATS, trust, pins, downgrade) rather than failed.
    public var isPolicyOrTrust: Bool {
        switch self {
        case .blockedByATS, .insecureRedirect, .tlsVersionRefused, .forwardSecrecyRequired,
            .certificateTransparencyNeedsLogList, .trustFailure:
            return true
        default:
            return false
        }
    }

    /// The pin mismatch behind a trust failure, if that is what it was.
    public var pinMismatch: PinMismatch? {
        if case .trustFailure(_, let decision) = self { return decision.pinMismatch }
        return nil
    }

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            return "\(url) is not a usable URL: \(reason)"
        case .invalidRequest(let detail):
            return "the request cannot be sent: \(detail)"
        case .blockedByATS(let decision):
            let why = decision.reason ?? "App Transport Security does not allow this load"
            return "blocked by App Transport Security: \(decision.url): \(why)"
        case .insecureRedirect(let from, let to):
            return "blocked a redirect from HTTPS to cleartext HTTP (\(from.absoluteString) → \(to.absoluteString)); "
                + "ask the server to redirect to an https:// URL"
        case .tooManyRedirects(let limit, let chain):
            let last = chain.last?.absoluteString ?? "-"
            return "more than \(limit) redirects (last: \(last)); the server may be redirecting in a loop"
        case .tlsVersionRefused(let endpoint, let minimum, let detail):
            let host = endpoint.host.name
            return "blocked by App Transport Security: \(host) offers no TLS version at or above \(minimum.rawValue) "
                + "(\(detail)); upgrade the server or add NSExceptionMinimumTLSVersion for it"
        case .forwardSecrecyRequired(let endpoint, let detail):
            let host = endpoint.host.name
            return "blocked by App Transport Security: \(host) offers no forward-secret (ECDHE) cipher suite "
                + "(\(detail)); enable ECDHE suites on the server or set NSExceptionRequiresForwardSecrecy to NO"
        case .certificateTransparencyNeedsLogList(let endpoint):
            let host = endpoint.host.name
            return "blocked: ATS requires Certificate Transparency for \(host) (NSRequiresCertificateTransparency), "
                + "and no CT log list was configured to check SCTs with; give one (Chrome v3 or Apple v4 JSON)"
        case .trustFailure(let endpoint, let decision):
            let host = endpoint.host.name
            if let mismatch = decision.pinMismatch { return "untrusted server \(host): " + mismatch.description }
            let reasons = decision.failures.map(\.description).joined(separator: "; ")
            return "untrusted server \(host): \(reasons)"
        case .tlsHandshakeFailed(let endpoint, let detail):
            let host = endpoint.host.name
            return "the TLS handshake with \(host) failed: \(detail)"
        case .http2NotNegotiated(let endpoint, let negotiated):
            let host = endpoint.host.name
            guard let negotiated else {
                return "\(host) did not offer HTTP/2 (h2) by ALPN; allow HTTP/1.1 to reach it "
                    + "(HTTP/2 needs TLS: cleartext h2c is not spoken)"
            }
            return "the server \(host) did not offer h2 (ALPN: \(negotiated)); allow HTTP/1.1 to reach it"
        case .http2Failure(let endpoint, let phase, let detail):
            let host = endpoint.host.name
            return "HTTP/2 with \(host) failed in the \(phase) phase (\(phase.http2Step)): \(detail)"
        case .timeout(let phase, let limit, let endpoint):
            let host = endpoint.host.name
            return "timed out in the \(phase) phase with \(host) after \(Self.format(limit)); "
                + "raise the \(phase) timeout if the server is just slow"
        case .responseTooLarge(let endpoint, let limit, let declared):
            let host = endpoint.host.name
            let declaredText = declared.map { " (it declared \($0) bytes)" } ?? ""
            return "the response from \(host) is larger than the \(limit)-byte limit\(declaredText); "
                + "raise maxResponseBytes if that is expected"
        case .responseHeadersTooLarge(let endpoint, let detail):
            let host = endpoint.host.name
            return "the response headers from \(host) exceed the limit: \(detail)"
        case .malformedResponse(let endpoint, let detail):
            let host = endpoint.host.name
            return "\(host) sent a malformed HTTP response: \(detail)"
        case .connectionClosed(let endpoint, let detail):
            let host = endpoint.host.name
            return "\(host) closed the connection before the response was complete: \(detail)"
        case .connectionFailed(let endpoint, let detail):
            return "cannot connect to \(endpoint.host.name) port \(endpoint.port): \(detail)"
        case .proxyRefused(let proxy, let status, let reason):
            return "the proxy \(proxy) refused the tunnel: \(status) \(reason)"
                + (status == 407 ? " (give credentials in the proxy URL: http://user:password@host:port)" : "")
        case .proxyFailed(let proxy, let detail):
            return "the proxy \(proxy) failed: \(detail)"
        case .invalidProxyConfiguration(let detail):
            return "unusable proxy settings: \(detail)"
        case .requestBodyFailed(let detail):
            return "cannot send the request body: \(detail)"
        case .requestBodyTooLarge(let source, let limit):
            return "\(source) gave more than \(limit) bytes, the limit for a request body of unknown length; "
                + "raise maxStreamedRequestBytes if that is expected"
        case .shutDown:
            return "the HTTP client was shut down"
        case .contentDecodingFailed(let endpoint, let detail):
            return
                "cannot decode the response body from \(endpoint.host.name) while \(HTTPPhase.idle.http2Step): \(detail)"
        }
    }

    /// `duration` as messages write it: `10 s`, or `250 ms` when not whole seconds (diagnostics too).
    package static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
