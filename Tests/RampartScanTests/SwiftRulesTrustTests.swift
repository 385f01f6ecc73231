import RampartPolicy
import RampartScan
import Testing

@Suite("Swift rules: server trust and pinning (RS-NET-002 to RS-NET-008)", .timeLimit(.minutes(10)))
struct SwiftRulesTrustTests {
    typealias H = SwiftRulesHarness

    @Test("RS-NET-002: a session delegate that answers .useCredential with the trust it was given, unevaluated")
    func trustAllDelegate() {
        let source = #"""
            final class InsecureDelegate: NSObject, URLSessionDelegate {
                func urlSession(
                    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
                ) {
                    guard let trust = challenge.protectionSpace.serverTrust else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    if challenge.protectionSpace.host == "dev.example.com" {
                        let credential = URLCredential(trust: trust)
                        completionHandler(.useCredential, credential)
                    }
                }
            }

            let manager = SessionManager()
            manager.delegate.sessionDidReceiveChallenge = { session, challenge in
                return (.useCredential, URLCredential(trust: challenge.protectionSpace.serverTrust!))
            }
            """#
        let findings = H.findings(.trustAllDelegate, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("completionHandler(.useCredential", in: source),
                H.at("(.useCredential, URLCredential", in: source),
            ])
        #expect(findings.first?.message.contains("urlSession(_:didReceive:completionHandler:)") == true)
        #expect(H.findings(.webViewIgnoresTLSErrors, in: source).isEmpty)
    }

    @Test("RS-NET-002 look-alikes: trust evaluated first (guard, if, pinning validator), basic-auth credentials")
    func trustAllDelegateLookAlikes() {
        let source = #"""
            final class PinningDelegate: NSObject, URLSessionDelegate {
                func urlSession(
                    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
                ) {
                    guard let trust = challenge.protectionSpace.serverTrust else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    var error: CFError?
                    guard SecTrustEvaluateWithError(trust, &error) else {
                        return completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }

                func urlSession(
                    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
                ) {
                    if TrustKit.sharedInstance().pinningValidator.handle(challenge, completionHandler: completionHandler) {
                        return
                    }
                    let login = URLCredential(user: "me", password: storedPassword, persistence: .forSession)
                    completionHandler(.useCredential, login)
                }
            }
            """#
        #expect(H.findings(.trustAllDelegate, in: source).isEmpty)
    }

    @Test("RS-NET-002: an evaluation in a sibling branch does not cover the answer")
    func evaluationInAnotherBranch() {
        let source = #"""
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                let trust = challenge.protectionSpace.serverTrust!
                if strict {
                    _ = SecTrustEvaluateWithError(trust, nil)
                    completionHandler(.performDefaultHandling, nil)
                } else {
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            """#
        #expect(H.positions(.trustAllDelegate, in: source) == [H.at("completionHandler(.useCredential", in: source)])
        #expect(H.positions(.trustResultIgnored, in: source) == [H.at("SecTrustEvaluateWithError", in: source)])
    }

    @Test("RS-NET-003: SecTrustEvaluateWithError's verdict discarded; SecTrustEvaluate's result never read")
    func trustResultIgnored() {
        let source = #"""
            func check(_ trust: SecTrust) {
                SecTrustEvaluateWithError(trust, nil)
                var result = SecTrustResultType.invalid
                SecTrustEvaluate(trust, &result)
                let ok = SecTrustEvaluateWithError(trust, nil)
                proceed()
            }
            """#
        #expect(
            H.positions(.trustResultIgnored, in: source) == [
                H.at("SecTrustEvaluateWithError", in: source), H.at("SecTrustEvaluate(", in: source),
                H.at("SecTrustEvaluateWithError", in: source, occurrence: 2),
            ])
    }

    @Test("RS-NET-003 look-alikes: the verdict decides, or the error it fills is read")
    func trustResultUsed() {
        let source = #"""
            func check(_ trust: SecTrust) -> Bool {
                var error: CFError?
                _ = SecTrustEvaluateWithError(trust, &error)
                if let error { log(error); return false }
                var result = SecTrustResultType.invalid
                SecTrustEvaluate(trust, &result)
                guard result == .unspecified || result == .proceed else { return false }
                return SecTrustEvaluateWithError(trust, nil)
            }
            """#
        #expect(H.findings(.trustResultIgnored, in: source).isEmpty)
    }

    @Test("RS-NET-004: allowsAnyHTTPSCertificate overridden or called through its selector")
    func allowsAnyHTTPSCertificate() {
        let source = #"""
            extension NSURLRequest {
                static func allowsAnyHTTPSCertificate(forHost host: String) -> Bool { true }
            }
            let selector = NSSelectorFromString("setAllowsAnyHTTPSCertificate:forHost:")
            // We used to call setAllowsAnyHTTPSCertificate here.
            print("allowsAnyHTTPSCertificate is private API")
            """#
        #expect(
            H.positions(.allowsAnyHTTPSCertificate, in: source) == [
                H.at("allowsAnyHTTPSCertificate(forHost", in: source),
                H.at("\"setAllowsAnyHTTPSCertificate", in: source),
            ])
    }

    @Test("RS-NET-005: a WKNavigationDelegate that accepts any certificate; evaluated first is fine")
    func webViewIgnoresTLSErrors() {
        let source = #"""
            extension BrowserController: WKNavigationDelegate {
                func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    let trust = challenge.protectionSpace.serverTrust!
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }
            extension SafeController: WKNavigationDelegate {
                func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                             completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    let trust = challenge.protectionSpace.serverTrust!
                    if SecTrustEvaluateWithError(trust, nil) {
                        completionHandler(.useCredential, URLCredential(trust: trust))
                    } else {
                        completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                }
            }
            """#
        #expect(
            H.positions(.webViewIgnoresTLSErrors, in: source) == [H.at("completionHandler(.useCredential", in: source)])
        #expect(H.findings(.trustAllDelegate, in: source).isEmpty)
    }

    @Test("RS-NET-006: Alamofire's disabled evaluators; the default and pinning evaluators are fine")
    func alamofireTrustDisabled() {
        let source = #"""
            let evaluators: [String: ServerTrustEvaluating] = [
                "api.example.com": PublicKeysTrustEvaluator(),
                "staging.example.com": DisabledTrustEvaluator(),
                "cdn.example.com": DefaultTrustEvaluator(),
            ]
            let policies: [String: ServerTrustPolicy] = ["old.example.com": .disableEvaluation]
            // DisabledTrustEvaluator() is only for local testing.
            """#
        #expect(
            H.positions(.alamofireTrustDisabled, in: source) == [
                H.at("DisabledTrustEvaluator()", in: source), H.at(".disableEvaluation", in: source),
            ])
    }

    @Test("RS-NET-006: in #if DEBUG the finding is one severity lower and says so")
    func debugOnly() {
        let source = #"""
            #if DEBUG
            let manager = ServerTrustManager(evaluators: ["localhost": DisabledTrustEvaluator()])
            #else
            let manager = ServerTrustManager(evaluators: ["api.example.com": PinnedCertificatesTrustEvaluator()])
            #endif
            """#
        let findings = H.findings(.alamofireTrustDisabled, in: source)
        #expect(findings.map(\.severity) == [.medium])
        #expect(findings.first?.message.hasSuffix("(in #if DEBUG code)") == true)
    }

    @Test("RS-NET-007: one pin and no backup (Alamofire, TrustKit in code, Rampart PinnedHost); two pins are fine")
    func pinningWithoutBackup() {
        let source = #"""
            let one = PinnedCertificatesTrustEvaluator(certificates: [leaf])
            let keys = [primaryKey]
            let single = PublicKeysTrustEvaluator(keys: keys, performDefaultValidation: true)
            let two = PublicKeysTrustEvaluator(keys: [primaryKey, backupKey])
            let bundled = PinnedCertificatesTrustEvaluator()
            let config: [String: Any] = [
                kTSKPinnedDomains: [
                    "api.example.com": [kTSKPublicKeyHashes: ["HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY="]],
                    "www.example.com": [kTSKPublicKeyHashes: ["HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=",
                                                              "0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8="]],
                ]
            ]
            let host = try PinnedHost(domain: "api.example.com", pins: [.init(primary)])
            """#
        #expect(
            H.positions(.pinningWithoutBackup, in: source) == [
                H.at("PinnedCertificatesTrustEvaluator(certificates", in: source),
                H.at("PublicKeysTrustEvaluator(keys: keys", in: source),
                H.at("kTSKPublicKeyHashes", in: source), H.at("PinnedHost(", in: source),
            ])
    }

    @Test("RS-NET-008: URLSessionConfiguration.default with an Authorization header and its cache on")
    func urlCacheForAuthenticated() {
        let source = #"""
            func makeSession(token: String) -> URLSession {
                let configuration = URLSessionConfiguration.default
                configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(token)"]
                return URLSession(configuration: configuration)
            }
            func makeQuietSession(token: String) -> URLSession {
                let configuration = URLSessionConfiguration.default
                configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(token)"]
                configuration.urlCache = nil
                return URLSession(configuration: configuration)
            }
            func makeEphemeral(token: String) -> URLSession {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.httpAdditionalHeaders = ["Authorization": "Bearer \(token)"]
                return URLSession(configuration: configuration)
            }
            func makePublic() -> URLSession {
                let configuration = URLSessionConfiguration.default
                configuration.httpAdditionalHeaders = ["Accept": "application/json"]
                return URLSession(configuration: configuration)
            }
            """#
        #expect(
            H.positions(.urlCacheForAuthenticated, in: source) == [
                H.at("configuration.httpAdditionalHeaders", in: source)
            ])
        #expect(H.findings(.urlCacheForAuthenticated, in: source).first?.severity == .low)
    }

    @Test("RS-NET-008: a default configuration's disk cache turned on in a client that sends Authorization")
    func urlCacheTurnedOn() {
        let source = #"""
            final class APIClient {
                private lazy var session: URLSession = {
                    let configuration = URLSessionConfiguration.default
                    configuration.requestCachePolicy = .returnCacheDataElseLoad
                    configuration.urlCache = URLCache(memoryCapacity: 20_000_000, diskCapacity: 100_000_000)
                    return URLSession(configuration: configuration)
                }()
                func send(_ request: inout URLRequest, token: String) {
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                }
            }
            """#
        #expect(
            H.positions(.urlCacheForAuthenticated, in: source) == [
                H.at("configuration.requestCachePolicy", in: source), H.at("configuration.urlCache", in: source),
            ])
        let anonymous = source.replacingOccurrences(of: "\"Authorization\"", with: "\"Accept-Language\"")
        #expect(H.findings(.urlCacheForAuthenticated, in: anonymous).isEmpty)
    }
}
