extension ScanRule {
    /// RS-NET-006: Alamofire's `ServerTrustManager` is given `DisabledTrustEvaluator()` (or the older
    /// `DisabledEvaluator()` / `.disableEvaluation`).
    public static let alamofireTrustDisabled = ScanRule(
        id: "RS-NET-006", title: "Alamofire trust evaluation disabled",
        severity: .high, masvs: "MASVS-NETWORK-1", cwe: 295,
        practice: "Alamofire evaluates every server's trust, as URLSession does by default.",
        fix: "Use `DefaultTrustEvaluator()`, or `PublicKeysTrustEvaluator()` / `PinnedCertificatesTrustEvaluator()` "
            + "to pin; for a development host, trust its CA on the device instead. With Rampart, PinnedHost and "
            + "TrustEvaluator carry the pins, with a backup, and RampartURLSessionDelegate applies them.")
}
