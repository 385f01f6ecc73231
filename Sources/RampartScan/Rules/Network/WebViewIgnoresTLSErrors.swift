extension ScanRule {
    /// RS-NET-005: a web view's delegate answers a server-trust challenge with a credential for any trust, or
    /// proceeds past a TLS error.
    public static let webViewIgnoresTLSErrors = ScanRule(
        id: "RS-NET-005", title: "Web view proceeds past TLS errors",
        severity: .high, masvs: "MASVS-NETWORK-1", cwe: 295,
        practice: "A web view loads a page only over a connection whose certificate was validated.",
        fix: "In `WKNavigationDelegate.webView(_:didReceive:completionHandler:)` answer `.performDefaultHandling`, "
            + "or evaluate with `SecTrustEvaluateWithError` before `.useCredential`; never accept every trust. With "
            + "Rampart, ServerTrustChallengeResponder gives the same answer a URLSession delegate gives.")
}
