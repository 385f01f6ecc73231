import NIOSSL

/// How a ``LabWebServer`` listens: TLS with a lab chain (or cleartext), which TLS versions and
/// TLS 1.2 suites, which loopback address, and whether it goes silent after accepting.
///
/// ```swift
/// var configuration = LabWebServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// configuration.maximumTLSVersion = .tlsv12
/// configuration.tls12CipherSuites = [.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256]
/// let cleartext = LabWebServerConfiguration(chain: nil)       // plain HTTP
/// let blackHole = LabWebServerConfiguration(silentAfterAccept: true)
/// ```
public struct LabWebServerConfiguration: Sendable {
    /// The certificates and key the server presents; `nil` serves cleartext HTTP.
    public var chain: LabChain?
    /// The lowest TLS version the server accepts (`nil`: NIOSSL's default, TLS 1.0).
    public var minimumTLSVersion: TLSVersion?
    /// The highest TLS version the server accepts (`nil`: the newest, TLS 1.3).
    public var maximumTLSVersion: TLSVersion?
    /// The suites offered for TLS 1.2 and below (`nil`: NIOSSL's defaults). Typed values, because
    /// BoringSSL aborts on a cipher string it does not understand; TLS 1.3 suites are not affected.
    public var tls12CipherSuites: [NIOTLSCipher]?
    /// The loopback address to listen on: `127.0.0.1` or `::1`.
    public var host: String
    /// `true`: accept TCP connections but never read from or write to them, so a client's TLS
    /// handshake or first response byte times out.
    public var silentAfterAccept: Bool

    public init(
        chain: LabChain? = nil,
        minimumTLSVersion: TLSVersion? = nil,
        maximumTLSVersion: TLSVersion? = nil,
        tls12CipherSuites: [NIOTLSCipher]? = nil,
        host: String = "127.0.0.1",
        silentAfterAccept: Bool = false
    ) {
        self.chain = chain
        self.minimumTLSVersion = minimumTLSVersion
        self.maximumTLSVersion = maximumTLSVersion
        self.tls12CipherSuites = tls12CipherSuites
        self.host = host
        self.silentAfterAccept = silentAfterAccept
    }
}
