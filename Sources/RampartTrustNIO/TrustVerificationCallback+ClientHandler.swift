import NIOSSL
import RampartPolicy

extension TrustVerificationCallback {
    /// The one verified TLS client handler of Rampart: NIOSSL's handler for a connection to
    /// ``host``, with this callback deciding the chain. Rampart's HTTP client and
    /// ``TrustedTLSClient`` both build their handlers here.
    ///
    /// The handler sends ``host`` as SNI (already normalised by `ATSHost`: lower case, A-labels,
    /// no trailing dot), and no SNI for an IP address, which SNI cannot carry (NIOSSL then checks
    /// the address against the certificate). `context` should verify fully (`.fullVerification`),
    /// so that NIOSSL checks the host name as well as Rampart.
    ///
    /// ```swift
    /// let trust = TrustVerificationCallback(evaluator: evaluator, host: ATSHost("API.example.com."))
    /// let handler = try trust.makeClientHandler(context: context)   // SNI api.example.com
    /// try channel.pipeline.syncOperations.addHandler(handler)
    /// ```
    public func makeClientHandler(context: NIOSSLContext) throws -> NIOSSLClientHandler {
        let serverName = host.kind == .dnsName ? host.name : nil
        return try NIOSSLClientHandler(
            context: context, serverHostname: serverName, customVerificationCallbackWithMetadata: callback)
    }
}
