import RampartTestKit

/// TLS set-ups an ``NginxServer`` is commonly run with: nginx's own defaults, one TLS version only,
/// and Mozilla's server-side TLS recommendations ("intermediate" and "modern", version 5.7 of
/// https://ssl-config.mozilla.org). The HTTP/2 tests run the client against each.
///
/// ```swift
/// let configuration = NginxServerConfiguration(chain: chain, profile: .mozillaIntermediate, http2: true)
/// print(NginxTLSProfile.nginxDefaults.negotiatedVersion)   // "TLSv1.2"
/// ```
public enum NginxTLSProfile: String, CaseIterable, Sendable, CustomStringConvertible {
    /// No `ssl_protocols`, `ssl_ciphers` or `ssl_prefer_server_ciphers` line: nginx 1.22's defaults
    /// (TLS 1.0 to 1.2, `HIGH:!aNULL:!MD5`), what a stock `listen … ssl http2;` server runs.
    case nginxDefaults
    /// `ssl_protocols TLSv1.2;`
    case tls12Only
    /// `ssl_protocols TLSv1.3;`
    case tls13Only
    /// Mozilla's intermediate: TLS 1.2 and 1.3, ECDHE (and DHE) with AES-GCM or ChaCha20-Poly1305
    /// only, the client's cipher order.
    case mozillaIntermediate
    /// Mozilla's modern: TLS 1.3 only, the client's cipher order.
    case mozillaModern

    public var description: String { rawValue }

    /// The TLS version Rampart's client negotiates with it (as `HTTPConnectionInfo.tlsVersion`
    /// names it): the highest both offer.
    public var negotiatedVersion: String {
        switch self {
        case .nginxDefaults, .tls12Only: return "TLSv1.2"
        case .tls13Only, .mozillaIntermediate, .mozillaModern: return "TLSv1.3"
        }
    }

    /// nginx's `ssl_protocols`; `nil` for nginx's default.
    public var protocols: String? {
        switch self {
        case .nginxDefaults: return nil
        case .tls12Only: return "TLSv1.2"
        case .tls13Only, .mozillaModern: return "TLSv1.3"
        case .mozillaIntermediate: return "TLSv1.2 TLSv1.3"
        }
    }

    /// nginx's `ssl_ciphers`; `nil` for nginx's default.
    public var ciphers: String? {
        switch self {
        case .mozillaIntermediate:
            return [
                "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
                "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
                "DHE-RSA-AES128-GCM-SHA256", "DHE-RSA-AES256-GCM-SHA384", "DHE-RSA-CHACHA20-POLY1305",
            ].joined(separator: ":")
        case .nginxDefaults, .tls12Only, .tls13Only, .mozillaModern: return nil
        }
    }

    /// nginx's `ssl_prefer_server_ciphers`; `nil` for nginx's default.
    public var preferServerCiphers: Bool? {
        switch self {
        case .mozillaIntermediate, .mozillaModern: return false
        case .nginxDefaults, .tls12Only, .tls13Only: return nil
        }
    }
}

extension NginxServerConfiguration {
    /// A server presenting `chain` with the TLS set-up of `profile`.
    ///
    /// ```swift
    /// let configuration = NginxServerConfiguration(chain: chain, profile: .nginxDefaults, http2: true)
    /// ```
    public init(chain: LabChain, profile: NginxTLSProfile, http2: Bool = false) {
        self.init(chain: chain, tlsProtocols: profile.protocols, http2: http2)
        tlsCiphers = profile.ciphers
        preferServerCiphers = profile.preferServerCiphers
    }
}
