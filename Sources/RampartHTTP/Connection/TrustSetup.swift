import RampartTrust

/// The trust side of a client: one evaluator per rule set (ATS certificate rules on or off;
/// Certificate Transparency required of every chain or only of publicly trusted ones), anchors
/// built once, one certificate cache shared by every handshake, and the report sender.
struct TrustSetup: Sendable {
    private let evaluators: [Rules: TrustEvaluator]
    let decoding: CertificateDecodingCache
    let reporter: PinFailureReportSender?

    private struct Rules: Hashable {
        var certificateRules: Bool
        var transparencyForEveryRoot: Bool
    }

    init(
        anchors: TrustAnchors, pinning: [PinnedHost], additionalPolicies: AdditionalTrustPolicies?,
        transparency: CertificateTransparencyChecker?, reporter: PinFailureReportSender?
    ) {
        var evaluators: [Rules: TrustEvaluator] = [:]
        for certificateRules in [true, false] {
            for everyRoot in [true, false] {
                var policies = additionalPolicies
                if let transparency {
                    let ct = AdditionalTrustPolicies {
                        CertificateTransparencyPolicy(
                            checker: transparency, exemptRoots: anchors.addedRoots, requireForExemptRoots: everyRoot)
                    }
                    policies = policies.map { $0.adding(ct) } ?? ct
                }
                evaluators[Rules(certificateRules: certificateRules, transparencyForEveryRoot: everyRoot)] =
                    TrustEvaluator(
                        anchors: anchors, atsCertificateRules: certificateRules, pinning: pinning,
                        additionalPolicies: policies)
            }
        }
        self.evaluators = evaluators
        decoding = CertificateDecodingCache()
        self.reporter = reporter
    }

    /// The evaluator for a connection's TLS requirements.
    func evaluator(certificateRules: Bool, transparencyForEveryRoot: Bool) -> TrustEvaluator {
        let rules = Rules(certificateRules: certificateRules, transparencyForEveryRoot: transparencyForEveryRoot)
        return evaluators[rules] ?? TrustEvaluator()
    }
}
