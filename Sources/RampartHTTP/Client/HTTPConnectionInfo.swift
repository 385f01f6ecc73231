import RampartPolicy
import RampartTrust

/// How a response was carried: address, proxy, TLS parameters and the trust decision.
///
/// ```swift
/// let info = response.connection
/// print(info.tlsVersion ?? "cleartext", info.cipherSuite ?? "-", info.trust?.verdict ?? .trusted)
/// ```
public struct HTTPConnectionInfo: Sendable {
    /// The host and port the request was for.
    public var endpoint: Endpoint
    /// The request's host, normalised by `ATSHost`.
    public var host: String { endpoint.host.name }
    public var port: Int { endpoint.port }
    /// The peer address of the socket (the proxy's when tunnelled).
    public var remoteAddress: String
    /// The proxy the connection was tunnelled through, as `host:port`.
    public var proxy: String?
    /// The negotiated TLS version (for example `TLSv1.3`); `nil` for cleartext.
    public var tlsVersion: String?
    /// The negotiated cipher suite's IANA name; `nil` for cleartext.
    public var cipherSuite: String?
    /// The trust decision made in the handshake; `nil` for cleartext.
    public var trust: TrustDecision?
    /// Whether the connection was kept alive from an earlier request.
    public var reused: Bool
    /// The protocol the server selected by ALPN (`h2`, `http/1.1`); `nil` when it selected none
    /// (HTTP/1.1 is then spoken) or for cleartext.
    public var negotiatedProtocol: String? = nil
    /// The HTTP version spoken on the connection: `HTTP/2` or `HTTP/1.1`.
    public var httpVersion: String { negotiatedProtocol == "h2" ? "HTTP/2" : "HTTP/1.1" }
}
