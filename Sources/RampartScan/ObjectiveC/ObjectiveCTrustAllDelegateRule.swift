/// RS-NET-002 in Objective-C: a `…didReceiveAuthenticationChallenge…` or `willSendRequestForAuthenticationChallenge`
/// method that answers with a credential for the server trust and never evaluates the trust.
struct ObjectiveCTrustAllDelegateRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        ObjectiveCTrustChallengeHandler.accepting(in: source).filter { !$0.isWebView }.map {
            source.finding(
                .trustAllDelegate, at: $0.token,
                "\($0.name) answers with credentialForTrust: and never calls SecTrustEvaluateWithError: any "
                    + "certificate is accepted")
        }
    }
}
