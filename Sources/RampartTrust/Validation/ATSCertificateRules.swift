import Crypto
import SwiftASN1
import X509
import _CryptoExtras

/// App Transport Security's certificate rules, as a swift-certificates `VerifierPolicy`: the leaf
/// and every intermediate use RSA ≥ 2048 bits or EC ≥ 256 bits, and are signed with SHA-256 or
/// stronger. The root (the trust anchor) is exempt, as on Apple platforms.
///
/// ```swift
/// var verifier = Verifier(rootCertificates: store) {
///     RFC5280Policy()
///     ATSCertificateRules()
/// }
/// ```
public struct ATSCertificateRules: VerifierPolicy, Sendable {
    /// One violation, naming the certificate.
    public enum Violation: Sendable, Hashable, CustomStringConvertible {
        /// EC keys below 256 bits do not occur: swift-certificates parses only P-256 and larger
        /// curves, so such a certificate fails to decode before any rule runs.
        case weakRSAKey(subject: String, bits: Int)
        case weakSignature(subject: String, algorithm: String)

        public var description: String {
            switch self {
            case .weakRSAKey(let subject, let bits):
                return "\(subject) has an RSA-\(bits) key; ATS requires RSA ≥ 2048 bits"
            case .weakSignature(let subject, let algorithm):
                return "\(subject) is signed with \(algorithm); ATS requires SHA-256 or stronger"
            }
        }
    }

    public init() {}

    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    public func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        let violations = Self.violations(in: Array(chain.dropLast()))
        guard let first = violations.first else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: "ATS certificate rules: \(first)")
    }

    /// The violations of `certificates` (leaf and intermediates; pass no root).
    public static func violations(in certificates: [Certificate]) -> [Violation] {
        var found: [Violation] = []
        for certificate in certificates {
            // Names are spelled out only for a violation: a passing chain (every handshake)
            // costs no string formatting.
            if let rsa = _RSA.Signing.PublicKey(certificate.publicKey), rsa.keySizeInBits < 2048 {
                found.append(.weakRSAKey(subject: String(describing: certificate.subject), bits: rsa.keySizeInBits))
            }
            let algorithm = certificate.signatureAlgorithm
            if !strongSignatures.contains(algorithm) {
                let name = String(describing: algorithm).lowercased()
                if algorithm == .sha1WithRSAEncryption || name.contains("sha1") || name.contains("md5") {
                    found.append(
                        .weakSignature(
                            subject: String(describing: certificate.subject), algorithm: String(describing: algorithm)))
                }
            }
        }
        return found
    }

    /// SHA-2 and Ed25519 signature algorithms: nothing to look up by name.
    private static let strongSignatures: Set<Certificate.SignatureAlgorithm> = [
        .sha256WithRSAEncryption, .sha384WithRSAEncryption, .sha512WithRSAEncryption, .ecdsaWithSHA256,
        .ecdsaWithSHA384, .ecdsaWithSHA512, .ed25519,
    ]
}
