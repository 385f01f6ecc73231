extension ScanRule {
    /// RS-NET-002: a `URLSessionDelegate`, task delegate or `WKNavigationDelegate` answers a server-trust
    /// challenge with `.useCredential` and `URLCredential(trust:)` without evaluating the trust on that path.
    public static let trustAllDelegate = ScanRule(
        id: "RS-NET-002", title: "Authentication challenge accepts any server trust",
        severity: .high, masvs: "MASVS-NETWORK-1", cwe: 295,
        practice: "A server-trust challenge is answered only after the trust has been evaluated (chain, host name, "
            + "pins).",
        fix: "Answer `.performDefaultHandling` unless you pin; when you do, call `SecTrustEvaluateWithError(trust, "
            + "&error)` and answer `.cancelAuthenticationChallenge` when it fails. With Rampart, "
            + "RampartURLSessionDelegate (TrustEvaluator with PinnedHost pins, over the system's own evaluation) "
            + "answers the challenge for you.")
}
