import SwiftSyntax

/// RS-NET-003 in Swift: `SecTrustEvaluateWithError` / `SecTrustEvaluate` called and its verdict thrown away.
final class SwiftTrustResultIgnoredRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SwiftTrustResult.isDiscarded(node), let name = SwiftSyntaxQueries.calleeName(node) {
            let what = name == "SecTrustEvaluate" ? "the SecTrustResultType it returns" : "its Bool and error"
            context.report(
                .trustResultIgnored, at: node,
                "\(name) is called but \(what) is never checked: the connection goes on either way")
        }
        return .visitChildren
    }
}
