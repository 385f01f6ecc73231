/// Which HTTP versions a client speaks over TLS, offered to the server by ALPN.
///
/// The trust decision (ATS, chain, pins, CT, pin-failure reports) is made in the TLS handshake,
/// before the protocol is chosen, so it is the same for every choice.
///
/// ```swift
/// var configuration = HTTPClientConfiguration()
/// configuration.httpVersion = .http2Only   // fails when the server does not select h2
/// ```
public enum HTTPVersionPreference: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Offers `h2` and `http/1.1`: HTTP/2 when the server selects it, HTTP/1.1 otherwise (the default).
    case automatic
    /// Offers only `http/1.1`.
    case http1Only
    /// HTTP/2 or nothing: a server that does not select `h2` fails the request
    /// (``HTTPClientError/http2NotNegotiated(_:negotiated:)``) right after the handshake, before any
    /// request is sent. `http/1.1` is offered after `h2` so that such a server says what it
    /// speaks (a server offered only `h2` that lacks it ends the handshake with a bare
    /// `no_application_protocol` alert). Cleartext HTTP/2 (h2c) is not spoken.
    case http2Only

    /// The ALPN protocol identifiers offered, in order of preference.
    public var applicationProtocols: [String] {
        switch self {
        case .automatic, .http2Only: return ["h2", "http/1.1"]
        case .http1Only: return ["http/1.1"]
        }
    }

    public var description: String { rawValue }
}
