#if AsyncHTTPClient  // Package.swift's AsyncHTTPClient trait: without it this module is empty and resolves nothing.
    import AsyncHTTPClient
    import NIOCore
    import NIOSSL
    import RampartPolicy
    import RampartTrust
    import X509

    /// Leaf-key pins for AsyncHTTPClient, checked after BoringSSL's own validation and before any
    /// request byte is sent. **Leaf pins only**, and it says so:
    ///
    /// - AsyncHTTPClient has no hook into certificate validation (its issue #285). What it has are
    ///   connection debug initializers, called with a connection's channel after the TLS handshake
    ///   and before the connection joins the pool; a failed future fails the connection.
    /// - The chain is validated by BoringSSL against the client's `tlsConfiguration` (the system's
    ///   roots by default), with its host-name check. No ATS certificate rules, no Certificate
    ///   Transparency, no Rampart anchors: for those, use `RampartHTTP` or a NIO pipeline with
    ///   `TrustedTLSClient`.
    /// - Only the leaf is available afterwards, so every pin must be a leaf pin (`scope: .leaf`); a
    ///   CA or any-position pin is refused when this is made, never silently skipped.
    /// - The channel does not say which host it was opened for, so the pins that apply are those of
    ///   every pinned domain the leaf names (its DNS and IP subject alternative names, a wildcard
    ///   counting for each name it could match). BoringSSL has already checked that the leaf names
    ///   the requested host, so a pinned host is always checked; a certificate that also names another
    ///   pinned domain must satisfy that domain's pins too.
    ///
    /// ```swift
    /// var configuration = HTTPClient.Configuration()
    /// try AsyncHTTPClientLeafPins([apiPins]).install(in: &configuration)
    /// let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    /// // a mismatch fails the request with LeafPinMismatchError
    /// ```
    public struct AsyncHTTPClientLeafPins: Sendable {
        /// A pin set this integration cannot check.
        public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
            /// A pin for a CA or for any position: only the leaf can be checked here.
            case pinNotOnLeaf(domain: String, scope: PinnedHost.ScopedPin.Scope)

            public var description: String {
                switch self {
                case .pinNotOnLeaf(let domain, let scope):
                    return
                        "\(domain): a pin with scope \(scope.rawValue) cannot be checked with AsyncHTTPClient, which shows only the leaf after its own validation; pin leaf keys (scope .leaf), or use RampartHTTP or TrustedTLSClient for CA pins"
                }
            }
        }

        /// The pinned domains.
        public let pinning: [PinnedHost]
        private let onDecision: (@Sendable (String, TrustDecision) -> Void)?

        /// - Parameter onDecision: called with the pinned domain and each decision (pin-failure
        ///   reports, logs), on the connection's event loop.
        /// - Throws: ``ConfigurationError`` when a pin is not a leaf pin.
        public init(_ pinning: [PinnedHost], onDecision: (@Sendable (String, TrustDecision) -> Void)? = nil) throws {
            for entry in pinning {
                if let pin = entry.pins.first(where: { $0.scope != .leaf }) {
                    throw ConfigurationError.pinNotOnLeaf(domain: entry.domain, scope: pin.scope)
                }
            }
            self.pinning = pinning
            self.onDecision = onDecision
        }

        /// Sets the HTTP/1.1 and HTTP/2 connection initializers of `configuration` to check the pins,
        /// and turns off the pool's retries of failed connection attempts, so that a mismatch fails
        /// the request at once with ``LeafPinMismatchError`` instead of being retried until the
        /// request's deadline.
        public func install(in configuration: inout HTTPClient.Configuration) {
            let check: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in self.check(channel) }
            configuration.http1_1ConnectionDebugInitializer = check
            configuration.http2ConnectionDebugInitializer = check
            configuration.connectionPool.retryConnectionEstablishment = false
        }

        /// Checks the leaf of `channel`'s TLS connection; plain-HTTP connections have nothing to check.
        func check(_ channel: any Channel) -> EventLoopFuture<Void> {
            channel.pipeline.handler(type: NIOSSLHandler.self)
                .map { Optional($0.peerCertificate) }
                .flatMapErrorThrowing { error in
                    if case ChannelPipelineError.notFound = error { return nil }
                    throw error
                }
                .flatMapThrowing { (certificate: NIOSSLCertificate??) in
                    guard let certificate = certificate.flatMap({ $0 }) else { return }
                    let leaf = try Certificate(derEncoded: certificate.toDERBytes())
                    if let refusal = self.refusal(of: leaf) {
                        channel.close(promise: nil)
                        throw refusal
                    }
                }
        }

        /// The mismatch that refuses `leaf`, if any pinned domain it names has pins it does not match.
        func refusal(of leaf: Certificate) -> LeafPinMismatchError? {
            let names = Self.names(in: leaf)
            for entry in pinning where names.contains(where: { Self.entry(entry, applies: $0) }) {
                let decision = TrustEvaluator(anchors: .only([]), atsCertificateRules: false, pinning: [entry])
                    .checkPins(validatedChain: [leaf], host: entry.domain)
                onDecision?(entry.domain, decision)
                if decision.verdict == .rejected {
                    return LeafPinMismatchError(domain: entry.domain, decision: decision)
                }
            }
            return nil
        }

        /// The names a certificate is valid for: DNS and IP (IPv4 and IPv6) subject alternative
        /// names, or the common names when it has none (as NIOSSL's host check reads it), lowercased;
        /// an address as ``ATSHost`` writes it (`::1`), so that it compares with a pinned domain.
        static func names(in certificate: Certificate) -> [String] {
            var names: [String] = []
            if let alternatives = try? certificate.extensions.subjectAlternativeNames {
                for name in alternatives {
                    switch name {
                    case .dnsName(let dns): names.append(dns.lowercased())
                    case .ipAddress(let octets):
                        if let address = ATSHost(addressBytes: Array(octets.bytes)) { names.append(address.name) }
                    default: continue
                    }
                }
                if !names.isEmpty { return names }
            }
            for attribute in certificate.subject.flatMap({ $0 }) where attribute.type == .RDNAttributeType.commonName {
                names.append(String(describing: attribute.value).lowercased())
            }
            return names
        }

        /// Whether `entry`'s pins apply to a certificate name: the name itself, or for a wildcard
        /// (`*.example.com`) any one-label name it matches.
        static func entry(_ entry: PinnedHost, applies name: String) -> Bool {
            guard name.hasPrefix("*.") else { return entry.covers(name) }
            let base = ATSHost(String(name.dropFirst(2))).name
            let domain = entry.domain
            // The entry's domain is one of the names the wildcard stands for.
            if let dot = domain.firstIndex(of: "."), domain[domain.index(after: dot)...] == base { return true }
            // The entry covers the subdomains of the wildcard's base, whatever label it stands for.
            switch entry.coverage {
            case .exactHost: return false
            case .oneLevelOfSubdomains: return base == domain
            case .anyDepthOfSubdomains: return base == domain || base.hasSuffix("." + domain)
            }
        }
    }
#endif  // AsyncHTTPClient
