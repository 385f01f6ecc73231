import X509

/// How an ``NginxServer``'s TLS server asks for client certificates (mutual TLS): nginx's
/// `ssl_verify_client` and the CAs of `ssl_client_certificate`.
///
/// With it, `/client-verify` answers `$ssl_client_verify` (`SUCCESS`, `NONE`, `FAILED:…`) and the
/// client's subject, and `/redirect-to-ip/client-verify` redirects there on another origin.
///
/// ```swift
/// var configuration = NginxServerConfiguration(chain: try LabPKI.shared().chain(.good))
/// configuration.clientVerification = NginxClientVerification(mode: .on, trusting: [pki.root.certificate])
/// ```
public struct NginxClientVerification: Sendable {
    /// nginx's `ssl_verify_client` values.
    public enum Mode: String, Sendable {
        /// A verified client certificate is required: nginx answers 400 without one.
        case on
        /// A client certificate is verified when sent; the request is served either way.
        case optional
    }

    public var mode: Mode
    /// The CAs client certificates must chain to (`ssl_client_certificate`).
    public var trustedCAs: [Certificate]

    public init(mode: Mode, trusting trustedCAs: [Certificate]) {
        self.mode = mode
        self.trustedCAs = trustedCAs
    }
}
