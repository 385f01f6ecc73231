import RampartPolicy

/// What a kept-alive connection can be reused for: the same origin, reached the same way, under
/// the same TLS and trust requirements.
struct ConnectionKey: Hashable, Sendable {
    var scheme: String
    /// The origin's host and port (the proxy's are in `proxy`).
    var endpoint: Endpoint
    var proxy: HTTPProxy?
    /// `nil` for cleartext.
    var tls: TLSPolicyKey?

    /// The origin's host, normalised by `ATSHost`.
    var host: String { endpoint.host.name }
    var port: Int { endpoint.port }
}

/// The parts of an ATS decision that shape a TLS connection.
struct TLSPolicyKey: Hashable, Sendable {
    var minimumVersion: TLSProtocolVersion
    var forwardSecrecy: Bool
    var certificateRules: Bool
    /// `NSRequiresCertificateTransparency`: CT even for a chain to a root the caller added.
    var certificateTransparency: Bool
    /// The protocols offered by ALPN.
    var httpVersion: HTTPVersionPreference
    /// The certificate and key presented when the server asks for one: part of the key, so two
    /// identities never share a TLS context or a connection.
    var clientIdentity: HTTPClientIdentity?

    init(
        _ requirements: ATSRequirements, httpVersion: HTTPVersionPreference = .automatic,
        clientIdentity: HTTPClientIdentity? = nil
    ) {
        self.httpVersion = httpVersion
        self.clientIdentity = clientIdentity
        minimumVersion = requirements.minimumTLSVersion
        forwardSecrecy = requirements.requiresForwardSecrecy
        certificateRules = requirements.requiresCertificateRules
        certificateTransparency = requirements.requiresCertificateTransparency
    }
}
