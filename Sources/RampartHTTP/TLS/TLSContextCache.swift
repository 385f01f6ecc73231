import NIOConcurrencyHelpers
import NIOSSL
import RampartPolicy

/// One NIOSSL context per set of ATS TLS requirements and client identity, built on first use (a
/// context is costly to make and safe to share between connections; one made with a client
/// identity is used only for the origins that identity was set for).
///
/// Contexts without a client identity depend only on the requirements, so every client of the
/// process shares them (``shared``). A context made with an identity holds its private key, so it
/// lives in its client's own cache (``init(sharing:)``), and ``removeAll()`` drops it when the
/// client shuts down:
///
/// ```swift
/// let contexts = TLSContextCache(sharing: .shared)
/// let context = try contexts.context(for: key)   // key.clientIdentity == nil: the shared one
/// contexts.removeAll()                           // at shutdown: the identities' contexts go
/// ```
package final class TLSContextCache: Sendable {
    /// The process-wide contexts, without client identities.
    package static let shared = TLSContextCache()

    /// Where contexts without a client identity come from (`nil`: this cache keeps them).
    private let sharing: TLSContextCache?
    private let contexts = NIOLockedValueBox<[TLSPolicyKey: NIOSSLContext]>([:])

    /// A cache that keeps contexts made with a client identity and takes every other one from
    /// `sharing`.
    init(sharing: TLSContextCache? = nil) {
        self.sharing = sharing
    }

    func context(for key: TLSPolicyKey) throws -> NIOSSLContext {
        if key.clientIdentity == nil, let sharing { return try sharing.context(for: key) }
        if let cached = contexts.withLockedValue({ $0[key] }) { return cached }
        let made = try NIOSSLContext(configuration: Self.configuration(for: key))
        return contexts.withLockedValue { stored in
            if let raced = stored[key] { return raced }
            stored[key] = made
            return made
        }
    }

    /// Drops every context this cache keeps (a connection still open keeps its own until it closes).
    func removeAll() {
        contexts.withLockedValue { $0.removeAll() }
    }

    /// How many contexts this cache keeps that were made with `identity` (for tests).
    package func contextCount(for identity: HTTPClientIdentity) -> Int {
        contexts.withLockedValue { $0.keys.filter { $0.clientIdentity == identity }.count }
    }

    /// The client TLS configuration an ATS decision asks for. Certificate checks are replaced by
    /// Rampart's trust callback, so BoringSSL's own store is never consulted.
    static func configuration(for key: TLSPolicyKey) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = key.minimumVersion.nioVersion
        tls.cipherSuiteValues =
            key.forwardSecrecy ? ATSCipherSuites.forwardSecret : ATSCipherSuites.withoutForwardSecrecy
        tls.certificateVerification = .fullVerification
        tls.trustRoots = .certificates([])
        tls.applicationProtocols = key.applicationProtocols
        if let identity = key.clientIdentity {
            let (chain, key) = try identity.nioSSLMaterial()
            tls.certificateChain = chain
            tls.privateKey = key
        }
        return tls
    }
}

extension TLSProtocolVersion {
    var nioVersion: TLSVersion {
        switch self {
        case .v1_0: return .tlsv1
        case .v1_1: return .tlsv11
        case .v1_2: return .tlsv12
        case .v1_3: return .tlsv13
        }
    }
}

extension TLSVersion {
    var atsName: String {
        switch self {
        case .tlsv1: return "TLSv1.0"
        case .tlsv11: return "TLSv1.1"
        case .tlsv12: return "TLSv1.2"
        case .tlsv13: return "TLSv1.3"
        }
    }
}
