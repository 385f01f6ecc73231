// Compiled on Apple platforms only (Security.framework); on Linux, FoundationNetworking never
// raises a server-trust challenge, so there is nothing to answer: use RampartHTTP there. The
// logic is ServerTrustChallengeResponder's, which is tested on Linux; this file only reads the
// challenge and maps the answer.
#if canImport(Security)
    import Foundation
    import Security

    /// A `URLSession` delegate that answers server-trust challenges with Rampart's decision, on top of
    /// the system's own evaluation (see ``ServerTrustChallengeResponder`` for how the two combine).
    ///
    /// ```swift
    /// let delegate = RampartURLSessionDelegate(evaluator: TrustEvaluator(anchors: .system, pinning: pins))
    /// let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    /// let (data, _) = try await session.data(from: URL(string: "https://api.example.com/")!)
    /// ```
    public final class RampartURLSessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        /// Makes every decision.
        public let responder: ServerTrustChallengeResponder

        public init(responder: ServerTrustChallengeResponder) {
            self.responder = responder
            super.init()
        }

        public convenience init(evaluator: TrustEvaluator) {
            self.init(responder: ServerTrustChallengeResponder(evaluator: evaluator))
        }

        public func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
            -> (URLSession.AuthChallengeDisposition, URLCredential?)
        {
            await answer(challenge)
        }

        public func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
            await answer(challenge)
        }

        private func answer(_ challenge: URLAuthenticationChallenge) async
            -> (URLSession.AuthChallengeDisposition, URLCredential?)
        {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust
            else {
                return (.performDefaultHandling, nil)
            }
            let platformTrusted = SecTrustEvaluateWithError(trust, nil)
            let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            let outcome = await responder.respond(
                isServerTrust: true, host: space.host,
                chain: certificates.map { SecCertificateCopyData($0) as Data }, platformTrusted: platformTrusted)
            switch outcome.answer {
            case .useServerTrust: return (.useCredential, URLCredential(trust: trust))
            case .cancel: return (.cancelAuthenticationChallenge, nil)
            case .performDefaultHandling: return (.performDefaultHandling, nil)
            }
        }
    }
#endif
