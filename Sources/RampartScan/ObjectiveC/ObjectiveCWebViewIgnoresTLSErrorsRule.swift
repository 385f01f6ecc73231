/// RS-NET-005 in Objective-C: a web view's `webView:didReceiveAuthenticationChallenge:completionHandler:` that
/// answers with a credential for the server trust without evaluating it, and the private
/// `_setAllowsAnyHTTPSCertificate` hooks used to make web views load past TLS errors.
struct ObjectiveCWebViewIgnoresTLSErrorsRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        ObjectiveCTrustChallengeHandler.accepting(in: source).filter(\.isWebView).map {
            source.finding(
                .webViewIgnoresTLSErrors, at: $0.token,
                "web view delegate webView:\($0.name) answers with credentialForTrust: without evaluating the "
                    + "trust: pages load past TLS errors")
        }
    }
}
