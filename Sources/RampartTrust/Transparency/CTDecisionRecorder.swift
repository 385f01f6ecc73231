import Foundation
import X509

/// Collects the CT decisions the ``CertificateTransparencyPolicy`` values of one evaluation make,
/// so that ``TrustEvaluator`` can put the one that decided into ``TrustDecision/transparency``
/// instead of anyone checking the chain a second time.
///
/// The evaluator binds a fresh recorder to ``current`` around its verifier; a policy run outside an
/// evaluator records nothing. The verifier may try several paths, so each decision is kept with the
/// issuer it was made for (the decision depends only on the leaf, the issuer and the SCTs).
final class CTDecisionRecorder: @unchecked Sendable {
    @TaskLocal static var current: CTDecisionRecorder?

    private let lock = NSLock()
    private var decisions: [(issuer: Certificate?, decision: CTDecision)] = []

    func record(_ decision: CTDecision, issuer: Certificate?) {
        lock.withLock { decisions.append((issuer, decision)) }
    }

    /// The decision made for the validated path whose issuer (the certificate after the leaf) is
    /// `issuer`: the one that let the chain through.
    func decision(forIssuer issuer: Certificate?) -> CTDecision? {
        lock.withLock { decisions.last { $0.issuer == issuer }?.decision }
    }

    /// For a refused chain: the last decision that refused it, else the last one made.
    var refusingDecision: CTDecision? {
        lock.withLock { (decisions.last { !$0.decision.allowsConnection } ?? decisions.last)?.decision }
    }
}
