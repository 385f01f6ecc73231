import RampartTestKit

/// How an ``NginxServer`` is set up: the lab chain its TLS server presents and the TLS versions it
/// accepts.
///
/// ```swift
/// var configuration = NginxServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// configuration.tlsProtocols = "TLSv1.3"          // nginx's ssl_protocols
/// ```
public struct NginxServerConfiguration: Sendable {
    /// The certificates and key the TLS server presents (leaf and intermediates are sent).
    public var chain: LabChain
    /// nginx's `ssl_protocols` value, for example `"TLSv1.2 TLSv1.3"` (the default) or `"TLSv1.3"`;
    /// `nil`: no `ssl_protocols` line, nginx's own default (TLS 1.0 to 1.2 on nginx 1.22).
    public var tlsProtocols: String?
    /// nginx's `ssl_ciphers` value (OpenSSL's names, TLS 1.2 and below); `nil`: no line, nginx's
    /// default (`HIGH:!aNULL:!MD5`).
    public var tlsCiphers: String?
    /// nginx's `ssl_prefer_server_ciphers`; `nil`: no line (nginx's default, off).
    public var preferServerCiphers: Bool?
    /// Whether the TLS server also speaks HTTP/2 (`listen … ssl http2`, selected by ALPN). Off by
    /// default: the server then offers only `http/1.1`.
    public var http2: Bool
    /// nginx's `keepalive_requests`: the requests one connection carries before nginx closes it
    /// (HTTP/1.1) or sends `GOAWAY` (HTTP/2). Default 100000.
    public var keepaliveRequests: Int
    /// Whether and how the TLS server asks for client certificates; `nil` (the default): it does not.
    public var clientVerification: NginxClientVerification?

    public init(
        chain: LabChain, tlsProtocols: String? = "TLSv1.2 TLSv1.3", http2: Bool = false,
        keepaliveRequests: Int = 100_000,
        clientVerification: NginxClientVerification? = nil
    ) {
        self.clientVerification = clientVerification
        self.chain = chain
        self.tlsProtocols = tlsProtocols
        self.http2 = http2
        self.keepaliveRequests = keepaliveRequests
    }
}
