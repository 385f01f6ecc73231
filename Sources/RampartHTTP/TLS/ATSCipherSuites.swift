import NIOSSL

/// The TLS 1.2 cipher suites App Transport Security accepts when forward secrecy is required:
/// ECDHE key exchange only, AEAD first. (TLS 1.3 suites are always forward-secret and are not
/// restricted.) The CBC-SHA384 suites of Apple's list are absent because BoringSSL never
/// implemented them; the ECDHE ChaCha20-Poly1305 suites are added (forward-secret, AEAD).
///
/// ```swift
/// var tls = TLSConfiguration.makeClientConfiguration()
/// tls.cipherSuiteValues = ATSCipherSuites.forwardSecret
/// ```
package enum ATSCipherSuites {
    package static let forwardSecret: [NIOTLSCipher] = [
        .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
        .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
        .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
        .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
        .TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA,
        .TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA,
        .TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA,
        .TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA,
    ]

    /// The suites offered when an exception turns forward secrecy off: the forward-secret ones
    /// first, then RSA key exchange (which ATS then accepts).
    package static let withoutForwardSecrecy: [NIOTLSCipher] =
        forwardSecret + [
            .TLS_RSA_WITH_AES_256_GCM_SHA384,
            .TLS_RSA_WITH_AES_128_GCM_SHA256,
            .TLS_RSA_WITH_AES_256_CBC_SHA,
            .TLS_RSA_WITH_AES_128_CBC_SHA,
        ]
}
