import RampartPolicy

/// HTTP/2's own TLS rules (RFC 9113 §9.2): TLS 1.2 or later, and under TLS 1.2 an ephemeral key
/// exchange (ECDHE, DHE) with a suite that is not on RFC 7540's block list (Appendix A: every
/// suite without an AEAD cipher, and every one without an ephemeral key exchange). ATS's defaults
/// allow TLS 1.2's ECDHE CBC suites, and its exceptions TLS 1.0 and 1.1
/// (`NSExceptionMinimumTLSVersion`) and RSA key exchange (`NSExceptionRequiresForwardSecrecy`
/// NO), none of which HTTP/2 may run over.
///
/// So `h2` is offered by ALPN only where every connection the TLS settings allow meets the rules
/// (or where the caller asked for HTTP/2 only); a server that selects `h2` over a connection that
/// does not meet them is refused as HTTP/2's `INADEQUATE_SECURITY` before any frame is sent.
///
/// ```swift
/// HTTP2TLSRequirements.violation(version: .v1_0, suite: 0xC013)
/// // "TLSv1.0 was negotiated; HTTP/2 needs TLS 1.2 or later"
/// ```
package enum HTTP2TLSRequirements {
    /// Whether every connection made under `key`'s TLS settings meets the rules as far as the
    /// settings can decide: TLS 1.2 or later, forward-secret suites only. (A CBC suite is still
    /// possible under ATS's defaults; ``violation(version:suite:)`` catches it.)
    static func offersH2(under key: TLSPolicyKey) -> Bool {
        key.minimumVersion >= .v1_2 && key.forwardSecrecy
    }

    /// Why a connection of `version` with `suite` (the ServerHello's, `nil` when it was not seen)
    /// may not carry HTTP/2, or `nil` when it may.
    package static func violation(version: TLSProtocolVersion?, suite: UInt16?) -> String? {
        guard let version else { return "the TLS version is unknown; HTTP/2 needs TLS 1.2 or later" }
        switch version {
        case .v1_0, .v1_1:
            return "\(version.rawValue) was negotiated; HTTP/2 needs TLS 1.2 or later"
        case .v1_3:
            return nil
        case .v1_2:
            guard let suite, isBlocked(suite) else { return nil }
            return "TLSv1.2 with \(CipherSuiteName.of(suite)) was negotiated, a suite on HTTP/2's block list "
                + "(RFC 7540 Appendix A); HTTP/2 needs an ephemeral key exchange and an AEAD cipher"
        }
    }

    /// Whether a TLS 1.2 suite is on RFC 7540 Appendix A's block list: the list holds every suite
    /// registered before it but the ephemeral (ECDHE, DHE) AEAD ones (GCM, CCM); the ChaCha20-Poly1305
    /// suites came after it and are not listed. A suite the client does not know by name is
    /// treated as blocked.
    package static func isBlocked(_ suite: UInt16) -> Bool {
        if suite >> 8 == 0x13 { return false }
        let name = CipherSuiteName.of(suite)
        let ephemeral = name.hasPrefix("TLS_ECDHE_") || name.hasPrefix("TLS_DHE_")
        let aead =
            name.contains("_GCM_") || name.hasSuffix("_CCM") || name.contains("_CCM_")
            || name.contains("CHACHA20_POLY1305")
        return !(ephemeral && aead)
    }
}

extension TLSPolicyKey {
    /// The protocols offered by ALPN: ``HTTPVersionPreference/applicationProtocols``, without `h2`
    /// when the preference is automatic and these TLS settings allow connections HTTP/2 may not
    /// run over (``HTTP2TLSRequirements``). HTTP/2 only keeps offering `h2`, and a connection that
    /// breaks the rules is refused after the handshake.
    var applicationProtocols: [String] {
        if httpVersion == .automatic && !HTTP2TLSRequirements.offersH2(under: self) {
            return HTTPVersionPreference.http1Only.applicationProtocols
        }
        return httpVersion.applicationProtocols
    }
}
