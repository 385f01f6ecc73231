extension ScanRule {
    /// RS-NET-003: `SecTrustEvaluateWithError` or `SecTrustEvaluate` is called and its result is discarded, so a
    /// failed evaluation still goes on.
    public static let trustResultIgnored = ScanRule(
        id: "RS-NET-003", title: "SecTrust evaluation result ignored",
        severity: .high, masvs: "MASVS-NETWORK-1", cwe: 295,
        practice: "The result of a trust evaluation decides whether the connection goes on.",
        fix: "Use the Bool that `SecTrustEvaluateWithError(trust, &error)` returns (`guard "
            + "SecTrustEvaluateWithError(trust, &error) else { completionHandler(.cancelAuthenticationChallenge, "
            + "nil); return }`); the deprecated `SecTrustEvaluate` needs its `SecTrustResultType` checked. With "
            + "Rampart, TrustEvaluator returns a TrustDecision that RampartURLSessionDelegate acts on.")
}
