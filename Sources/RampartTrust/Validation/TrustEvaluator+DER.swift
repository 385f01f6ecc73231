import Foundation
import X509

extension TrustEvaluator {
    /// Evaluates the chain a server sent as DER bytes, leaf first, for `host` at `time`: the
    /// entry point for code that holds raw certificates rather than swift-certificates values.
    ///
    /// It needs nothing but swift-certificates, so an iOS or macOS app can call it from its own
    /// `URLSessionDelegate` (the DER bytes come from `SecTrustCopyCertificateChain`) without
    /// linking SwiftNIO or BoringSSL. A certificate that does not decode rejects the chain
    /// (``TrustRejection/undecodableCertificate(position:detail:)``).
    ///
    /// ```swift
    /// let chain = (SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? [])
    ///     .map { SecCertificateCopyData($0) as Data }
    /// let decision = await evaluator.evaluate(derChain: chain, host: challenge.protectionSpace.host)
    /// if decision.verdict == .rejected { completionHandler(.cancelAuthenticationChallenge, nil) }
    /// ```
    ///
    /// - Parameters:
    ///   - derChain: the certificates the server sent, DER, leaf first.
    ///   - host: the host the connection is for; normalised before it is judged.
    ///   - time: the moment validity, pin expirations and CT are judged at (now by default).
    ///   - decoding: a cache shared across handshakes, so certificates served again are
    ///     parsed once (`nil`: the chain is decoded every time).
    public func evaluate(
        derChain: [[UInt8]], host: String, at time: Date = Date(), decoding: CertificateDecodingCache? = nil
    ) async -> TrustDecision {
        let decoded = Self.decode(derChain: derChain, decoding: decoding)
        if let failure = decoded.failure { return TrustDecision(rejecting: [failure]) }
        return await evaluate(served: decoded.certificates, host: host, at: time)
    }

    /// ``evaluate(derChain:host:at:decoding:)`` for `Data` values, as Apple's Security framework
    /// returns them.
    public func evaluate(
        derChain: [Data], host: String, at time: Date = Date(), decoding: CertificateDecodingCache? = nil
    ) async -> TrustDecision {
        await evaluate(derChain: derChain.map { [UInt8]($0) }, host: host, at: time, decoding: decoding)
    }

    /// The certificates of a DER chain, or the failure naming the first one that does not decode.
    package static func decode(derChain: [[UInt8]], decoding: CertificateDecodingCache?) -> (
        certificates: [Certificate], failure: TrustRejection?
    ) {
        var served: [Certificate] = []
        served.reserveCapacity(derChain.count)
        for (position, der) in derChain.enumerated() {
            do {
                served.append(try decoding?.certificate(der: der) ?? Certificate(derEncoded: der))
            } catch {
                return ([], .undecodableCertificate(position: position, detail: "\(error)"))
            }
        }
        return (served, nil)
    }
}
