import SwiftSyntax

/// RS-NET-005 in Swift: a `WKNavigationDelegate` `webView(_:didReceive:completionHandler:)` that answers
/// `.useCredential` with `URLCredential(trust:)` without evaluating the trust.
final class SwiftWebViewIgnoresTLSErrorsRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let answer = SwiftServerTrustAnswer.unevaluated(node), answer.isWebView, let function = answer.function {
            context.report(
                .webViewIgnoresTLSErrors, at: answer.answer,
                "\(function.name.text)(\(SwiftSignature.labels(function))) lets the web view load over any "
                    + "certificate: .useCredential with \(node.trimmedDescription) and no evaluation")
        }
        return .visitChildren
    }
}
