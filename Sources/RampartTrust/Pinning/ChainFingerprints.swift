import Crypto
import X509

/// A validated chain with its SPKI and whole-certificate SHA-256 digests computed once, so that
/// checking pins against it (again and again, as a connection pool does for every request on a
/// kept-alive chain) is only constant-time digest comparisons.
///
/// ```swift
/// let fingerprints = try ChainFingerprints(validatedChain)
/// let decision = evaluator.checkPins(fingerprints, host: "api.example.com")
/// ```
public struct ChainFingerprints: Sendable, Hashable {
    /// The chain, leaf first.
    public let certificates: [Certificate]
    /// SHA-256 of each certificate's SubjectPublicKeyInfo, in chain order.
    public let publicKeyPins: [SPKIPin]
    /// SHA-256 of each certificate's DER, in chain order; empty unless asked for (only
    /// whole-certificate pins need them).
    public let certificateDigests: [[UInt8]]

    public init(_ certificates: [Certificate], includingCertificateDigests: Bool = true) throws {
        self.certificates = certificates
        publicKeyPins = try certificates.map { try SPKIPin(certificate: $0) }
        certificateDigests =
            includingCertificateDigests ? try certificates.map { Array(SHA256.hash(data: try $0.derBytes)) } : []
    }
}
