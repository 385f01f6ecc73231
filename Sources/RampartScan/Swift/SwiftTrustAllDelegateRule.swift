import SwiftSyntax

/// RS-NET-002 in Swift: a URLSession (or NSURLConnection, Alamofire closure) challenge handler that answers
/// `.useCredential` with `URLCredential(trust:)` without evaluating the trust on that path.
final class SwiftTrustAllDelegateRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let answer = SwiftServerTrustAnswer.unevaluated(node), !answer.isWebView {
            let place = answer.function.map { "\($0.name.text)(\(SwiftSignature.labels($0)))" } ?? "a challenge handler"
            context.report(
                .trustAllDelegate, at: answer.answer,
                "\(place) answers .useCredential with \(node.trimmedDescription) without evaluating the trust")
        }
        return .visitChildren
    }
}
