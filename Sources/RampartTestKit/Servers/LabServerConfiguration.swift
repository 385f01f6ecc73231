import NIOSSL

/// How a ``LabServer`` presents itself: which chain, which TLS versions and TLS 1.2 suites, and
/// the fixed HTTP/1.1 response it answers every request with.
///
/// ```swift
/// var configuration = LabServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// configuration.maximumTLSVersion = .tlsv1      // a TLS 1.0-only server
/// configuration.tls12CipherSuites = [.TLS_RSA_WITH_AES_128_CBC_SHA] // RSA key exchange, no forward secrecy
/// ```
public struct LabServerConfiguration: Sendable {
    /// The certificates and key the server presents.
    public var chain: LabChain
    /// The lowest TLS version the server accepts.
    public var minimumTLSVersion: TLSVersion
    /// The highest TLS version the server accepts (`nil`: the newest, TLS 1.3).
    public var maximumTLSVersion: TLSVersion?
    /// The suites offered for TLS 1.2 and below (`nil`: NIOSSL's defaults). TLS 1.3 suites are not
    /// affected, as in OpenSSL. Typed values, because BoringSSL aborts on a cipher string it does
    /// not understand.
    public var tls12CipherSuites: [NIOTLSCipher]?
    /// The loopback address to listen on: `127.0.0.1` or `::1`.
    public var host: String
    /// What every request gets back.
    public var response: LabResponse

    public init(
        chain: LabChain,
        minimumTLSVersion: TLSVersion = .tlsv1,
        maximumTLSVersion: TLSVersion? = nil,
        tls12CipherSuites: [NIOTLSCipher]? = nil,
        host: String = "127.0.0.1",
        response: LabResponse = LabResponse()
    ) {
        self.chain = chain
        self.minimumTLSVersion = minimumTLSVersion
        self.maximumTLSVersion = maximumTLSVersion
        self.tls12CipherSuites = tls12CipherSuites
        self.host = host
        self.response = response
    }
}

/// The fixed HTTP/1.1 response a ``LabServer`` sends.
///
/// ```swift
/// let response = LabResponse(status: 302, headers: [("Location", "http://127.0.0.1/")], body: "")
/// ```
public struct LabResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra headers (`Content-Length` is added).
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]

    public init(
        status: Int = 200, headers: [(String, String)] = [("Content-Type", "text/plain")],
        body: String = "hello from the Rampart lab\n"
    ) {
        self.status = status
        self.headers = headers
        self.body = Array(body.utf8)
    }
}
