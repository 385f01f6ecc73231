/// How the scanner recognises a call that evaluates a server trust, in Swift and Objective-C alike: the Security
/// framework's `SecTrustEvaluate…` functions, or a call whose name says it evaluates, validates or verifies a
/// trust or pins one — `evaluateServerTrust:forDomain:` (AFNetworking's `AFSecurityPolicy`), TrustKit's
/// `TSKPinningValidator`, Alamofire's `evaluate(_:forHost:)`, an app's own `validateTrust(_:)`.
///
/// A trust-challenge rule (RS-NET-002, RS-NET-005) stays quiet when such a call guards the credential.
enum TrustEvaluationName {
    /// The Security framework's evaluations.
    static let securityFunctions: Set<String> = [
        "SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsync", "SecTrustEvaluateAsyncWithError",
        "SecTrustEvaluateFastAsync",
    ]

    /// Parts of a name that say it evaluates a trust, matched in lower case.
    static let words = ["evaluat", "validat", "verif", "pinn", "pins"]

    /// Whether a called function, method or selector part named `name` evaluates a trust. The words are
    /// looked for in `callee` when given: the whole callee as written (`policy.validator.check`), so that a
    /// receiver's name can say it evaluates.
    ///
    /// ```swift
    /// TrustEvaluationName.isEvaluation("evaluateServerTrust")  // true
    /// TrustEvaluationName.isEvaluation("check", calledAs: "pinningValidator.check")  // true
    /// TrustEvaluationName.isEvaluation("SecTrustCopyCertificateChain")  // false
    /// ```
    static func isEvaluation(_ name: String, calledAs callee: String? = nil) -> Bool {
        if securityFunctions.contains(name) { return true }
        if name.hasPrefix("SecTrustCopy") || name.hasPrefix("SecTrustGet") || name.hasPrefix("SecTrustSet") {
            return false
        }
        let lowered = (callee ?? name).lowercased()
        return words.contains { lowered.contains($0) }
    }
}
