import RampartTrust

/// The trust side of a client: one evaluator with and one without the ATS certificate rules
/// (anchors built once), one certificate cache shared by every handshake, and the report sender.
struct TrustSetup: Sendable {
    let withRules: TrustEvaluator
    let withoutRules: TrustEvaluator
    let decoding: CertificateDecodingCache
    let reporter: PinFailureReportSender?

    init(
        anchors: TrustAnchors, pinning: [PinnedHost], additionalPolicies: AdditionalTrustPolicies?,
        reporter: PinFailureReportSender?
    ) {
        withRules = TrustEvaluator(
            anchors: anchors, atsCertificateRules: true, pinning: pinning, additionalPolicies: additionalPolicies)
        withoutRules = TrustEvaluator(
            anchors: anchors, atsCertificateRules: false, pinning: pinning, additionalPolicies: additionalPolicies)
        decoding = CertificateDecodingCache()
        self.reporter = reporter
    }

    func evaluator(certificateRules: Bool) -> TrustEvaluator {
        certificateRules ? withRules : withoutRules
    }
}
