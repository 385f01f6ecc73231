import RampartTestKit

/// How an ``OpenSSLServer`` (`openssl s_server`) presents itself: which lab chain, whether the
/// intermediates go out with the leaf, the OpenSSL security level, and the TLS versions.
///
/// ```swift
/// var configuration = OpenSSLServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// configuration.sendsIntermediates = false        // s_server without -cert_chain
/// configuration.securityLevel = 0                 // let Debian's OpenSSL serve RSA-1024 or SHA-1 leaves
/// ```
public struct OpenSSLServerConfiguration: Sendable {
    /// The certificates and key the server presents.
    public var chain: LabChain
    /// `true`: the chain's intermediates are sent after the leaf (`-cert_chain`); `false`: the
    /// leaf alone, as a misconfigured server does.
    public var sendsIntermediates: Bool
    /// The loopback address to listen on: `127.0.0.1` or `::1` (nothing else is accepted).
    public var host: String
    /// OpenSSL's security level (`-cipher DEFAULT:@SECLEVEL=n`), or `nil` for the system default.
    /// Debian runs at level 2, which refuses to serve RSA-1024 keys and SHA-1 signatures.
    public var securityLevel: Int?
    /// `true` adds `-no_tls1_3`, for a TLS 1.2 server (`-cipher` never restricts TLS 1.3).
    public var disablesTLS13: Bool
    /// `true` (the default) answers each `GET` with s_server's HTTP status page (`-www`).
    public var servesHTTP: Bool
    /// More `s_server` arguments, appended last.
    public var extraArguments: [String]

    public init(
        chain: LabChain,
        sendsIntermediates: Bool = true,
        host: String = "127.0.0.1",
        securityLevel: Int? = nil,
        disablesTLS13: Bool = false,
        servesHTTP: Bool = true,
        extraArguments: [String] = []
    ) {
        self.chain = chain
        self.sendsIntermediates = sendsIntermediates
        self.host = host
        self.securityLevel = securityLevel
        self.disablesTLS13 = disablesTLS13
        self.servesHTTP = servesHTTP
        self.extraArguments = extraArguments
    }
}
