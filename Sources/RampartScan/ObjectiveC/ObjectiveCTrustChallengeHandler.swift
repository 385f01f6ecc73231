/// The authentication-challenge delegate methods of an Objective-C file that answer a server-trust challenge
/// with a credential made from the trust (`credentialForTrust:` / `useCredential:forAuthenticationChallenge:`
/// / `NSURLSessionAuthChallengeUseCredential`) and never evaluate it (`SecTrustEvaluate…`, a security policy's
/// or TrustKit's validator): shared by RS-NET-002 (URL loading) and RS-NET-005 (web views).
struct ObjectiveCTrustChallengeHandler {
    /// The method's selector part, its token, and whether it is a web view's delegate method.
    var name: String
    var token: ObjectiveCToken
    var isWebView: Bool

    /// Names that evaluate a trust beyond `TrustEvaluationName`'s: TrustKit's `handleChallenge:completionHandler:`
    /// and reading the result of an evaluation.
    static let evaluations: Set<String> = ["handleChallenge", "SecTrustGetTrustResult"]

    /// Whether `body` calls something that evaluates the trust: a function (`name(`) or a message's selector part
    /// (`[policy evaluateServerTrust:…]`) that `TrustEvaluationName` recognises, not a property it reads.
    static func evaluates(_ source: ObjectiveCSource, in body: Range<Int>) -> Bool {
        body.contains { index in
            let text = source.tokens[index].text
            if evaluations.contains(text) { return true }
            guard index + 1 < source.tokens.count, ["(", ":"].contains(source.tokens[index + 1].text) else {
                return false
            }
            return TrustEvaluationName.isEvaluation(text)
        }
    }

    static func accepting(in source: ObjectiveCSource) -> [ObjectiveCTrustChallengeHandler] {
        var handlers: [ObjectiveCTrustChallengeHandler] = []
        var seenBodies = Set<Int>()
        for (index, token) in source.tokens.enumerated()
        where token.text == "didReceiveAuthenticationChallenge"
            || token.text == "willSendRequestForAuthenticationChallenge"
            || token.text == "didReceiveChallenge"
        {
            // A method definition: the body follows the signature.
            var cursor = index
            while cursor < min(source.tokens.count, index + 512), source.tokens[cursor].text != "{",
                source.tokens[cursor].text != ";"
            {
                cursor += 1
            }
            guard cursor < source.tokens.count, source.tokens[cursor].text == "{", !seenBodies.contains(cursor),
                source.enclosingBody[index] == nil, let close = source.partner[cursor]
            else { continue }
            seenBodies.insert(cursor)
            let body = cursor..<close
            let usesTrust = source.contains(
                ["credentialForTrust", "NSURLSessionAuthChallengeUseCredential"], in: body)
            guard usesTrust, !evaluates(source, in: body) else { continue }
            let signature = source.tokens[source.statementStart(of: cursor)..<cursor]
            let isWebView = signature.contains { $0.text == "webView" || $0.text == "WKWebView" }
            handlers.append(ObjectiveCTrustChallengeHandler(name: token.text, token: token, isWebView: isWebView))
        }
        return handlers
    }
}
