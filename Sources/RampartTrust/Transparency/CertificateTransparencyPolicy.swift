import Foundation
import SwiftASN1
import X509

/// Certificate Transparency as a swift-certificates `VerifierPolicy`, for a ``TrustEvaluator``'s
/// additional policies: a chain whose leaf does not meet the CT policy is refused, with the
/// decision's words as the reason.
///
/// As on Apple platforms, only publicly trusted chains need CT: a chain that ends at one of
/// `exemptRoots` (a corporate or lab root the caller added) passes unchecked unless
/// `requireForExemptRoots` is set.
///
/// The evaluator puts the decision that let the chain through, or refused it, in
/// ``TrustDecision/transparency``: read it there rather than checking the chain again.
///
/// ```swift
/// let ct = CertificateTransparencyPolicy(checker: CertificateTransparencyChecker(logList: list))
/// let evaluator = TrustEvaluator(anchors: .system) { ct }
/// let decision = await evaluator.evaluate(served: chain, host: "api.example.com")
/// print(decision.transparency?.description ?? "CT not checked")
/// ```
public struct CertificateTransparencyPolicy: VerifierPolicy, Sendable {
    public let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []
    public var checker: CertificateTransparencyChecker
    /// Roots whose chains do not need CT (roots the caller added to the system's).
    public var exemptRoots: [Certificate]
    public var requireForExemptRoots: Bool
    /// SCTs the TLS handshake or a stapled OCSP response delivered, for the chain being checked.
    public var delivered: [SignedCertificateTimestamp]
    /// The verification time (`nil`: now).
    public var time: Date?

    public init(
        checker: CertificateTransparencyChecker, exemptRoots: [Certificate] = [], requireForExemptRoots: Bool = false,
        delivered: [SignedCertificateTimestamp] = [], at time: Date? = nil
    ) {
        self.checker = checker
        self.exemptRoots = exemptRoots
        self.requireForExemptRoots = requireForExemptRoots
        self.delivered = delivered
        self.time = time
    }

    public func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        if !requireForExemptRoots, let root = chain.last, exemptRoots.contains(root) { return .meetsPolicy }
        let issuer = chain.count > 1 ? chain[1] : nil
        let decision = checker.check(leaf: chain.leaf, issuer: issuer, delivered: delivered, at: time ?? Date())
        CTDecisionRecorder.current?.record(decision, issuer: issuer)
        if decision.allowsConnection { return .meetsPolicy }
        return .failsToMeetPolicy(reason: "Certificate Transparency: " + decision.description)
    }
}
