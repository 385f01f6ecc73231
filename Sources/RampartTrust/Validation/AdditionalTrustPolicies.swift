import X509

/// swift-certificates `VerifierPolicy` values a ``TrustEvaluator`` applies after its own (RFC 5280,
/// server identity, ATS certificate rules): the extension point for checks such as Certificate
/// Transparency, OCSP or a company's own rules. A chain is trusted only when every policy accepts it.
///
/// The block runs once per evaluation, so each evaluation gets fresh policy values (policies are
/// mutated while they verify, and may hold a per-evaluation state such as an OCSP requester).
///
/// ```swift
/// let evaluator = TrustEvaluator(anchors: .system) {
///     OCSPVerifierPolicy(failureMode: .soft, requester: requester, validationTime: Date())
///     MustBeIssuedAfter2024()
/// }
/// ```
public struct AdditionalTrustPolicies: Sendable {
    private let make: @Sendable () -> AnyPolicy

    /// The policies `policies` builds, with swift-certificates' `@PolicyBuilder` (conditions and
    /// optionals included).
    public init(@PolicyBuilder _ policies: @escaping @Sendable () -> some VerifierPolicy) {
        make = { AnyPolicy(policies()) }
    }

    /// These policies followed by `other`'s: a chain must meet both.
    public func adding(_ other: AdditionalTrustPolicies) -> AdditionalTrustPolicies {
        let first = make
        return AdditionalTrustPolicies {
            first()
            other.policy()
        }
    }

    /// A fresh value of the policies for one evaluation.
    func policy() -> AnyPolicy { make() }
}
