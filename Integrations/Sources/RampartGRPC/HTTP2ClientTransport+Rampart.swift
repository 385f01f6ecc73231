#if GRPC  // Package.swift's GRPC trait: without it this module is empty and resolves nothing.
    import GRPCNIOTransportHTTP2Posix
    import RampartPolicy
    import RampartTrust
    import RampartTrustNIO

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    extension HTTP2ClientTransport.Posix.TransportSecurity {
        /// TLS whose server chain Rampart judges: anchors, ATS certificate rules, pins and CT, as
        /// `evaluator` decides for `host`.
        ///
        /// The transport talks to one target, so the host is captured here (NIOSSL's callback never
        /// receives it). `serverCertificateVerification` stays `.fullVerification`, so NIOSSL checks
        /// the host name against the gRPC authority as well; `trustRoots` are not consulted, the
        /// evaluator's anchors are. `configure` can add a client certificate (mTLS).
        ///
        /// ```swift
        /// let transport = try HTTP2ClientTransport.Posix(
        ///     target: .dns(host: "api.example.com", port: 443),
        ///     transportSecurity: .rampart(host: ATSHost("api.example.com"), evaluator: TrustEvaluator(anchors: .system, pinning: pins)))
        /// ```
        public static func rampart(
            host: ATSHost, evaluator: TrustEvaluator, configure: (_ config: inout TLS) -> Void = { _ in }
        ) -> Self {
            .rampart(
                TrustVerificationCallback(evaluator: evaluator, host: host, decoding: CertificateDecodingCache()),
                configure: configure)
        }

        /// TLS enforcing `trust`'s decisions; keep `trust` to read why a connection was refused.
        ///
        /// ```swift
        /// let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("api.example.com"))
        /// let transport = try HTTP2ClientTransport.Posix(
        ///     target: .dns(host: "api.example.com", port: 443), transportSecurity: .rampart(trust))
        /// // an RPC failed with .unavailable: trust.lastDecision?.failures says why
        /// ```
        public static func rampart(
            _ trust: TrustVerificationCallback, configure: (_ config: inout TLS) -> Void = { _ in }
        )
            -> Self
        {
            .tls { config in
                configure(&config)
                config.serverCertificateVerification = .fullVerification
                config.customVerificationCallback = { certificates, promise in trust.callback(certificates, promise) }
            }
        }
    }
#endif  // GRPC
