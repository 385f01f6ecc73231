import X509

/// The outcome of evaluating a server's chain: trusted, trusted with warnings, or rejected, with
/// every reason typed.
///
/// ```swift
/// let decision = await evaluator.evaluate(served: chain, host: "api.example.com")
/// if decision.verdict == .rejected { print(decision.failures.map(\.description)) }
/// ```
public struct TrustDecision: Sendable {
    public enum Verdict: String, Sendable, Codable {
        case trusted
        case trustedWithWarnings
        case rejected
    }

    public enum Warning: Sendable, Hashable, CustomStringConvertible {
        /// A pinned-domain entry past its expiration date was ignored.
        case pinSetExpired(domain: String)
        /// A report-only pin set did not match; the connection went on.
        case pinMismatchReported(PinMismatch)

        public var description: String {
            switch self {
            case .pinSetExpired(let domain): return "the pins for \(domain) have expired and were not checked"
            case .pinMismatchReported(let mismatch): return "report-only: \(mismatch)"
            }
        }
    }

    public var verdict: Verdict
    public var failures: [TrustRejection]
    public var warnings: [Warning]
    /// The validated path, leaf first, root last (empty when validation failed).
    public var validatedChain: [Certificate]
    /// The pin mismatch, enforced or reported, for pin-failure reports.
    public var pinMismatch: PinMismatch?
    /// The Certificate Transparency decision the evaluation made (a ``CertificateTransparencyPolicy``
    /// among its additional policies): for a trusted chain the one that let it through, for a
    /// refused chain the one that refused it. `nil` when no CT policy judged the chain (none set,
    /// the chain ends at an exempt root, or it failed before CT was reached).
    ///
    /// ```swift
    /// if let ct = decision.transparency, !ct.allowsConnection { print(ct.missing) }
    /// ```
    public var transparency: CTDecision? = nil
}

extension TrustDecision {
    /// A rejection for `failures`, with no validated chain: what an adapter reports when it cannot
    /// even hand the chain to the evaluator (a certificate the TLS library cannot export).
    ///
    /// ```swift
    /// let decision = TrustDecision(rejecting: [.undecodableCertificate(position: 1, detail: "truncated")])
    /// ```
    public init(rejecting failures: [TrustRejection]) {
        self.init(verdict: .rejected, failures: failures, warnings: [], validatedChain: [], pinMismatch: nil)
    }
}
