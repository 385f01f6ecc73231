import SwiftSyntax

/// RS-NET-006 in Swift: Alamofire told not to evaluate a server's trust (`DisabledTrustEvaluator()`, the older
/// `DisabledEvaluator()`, `ServerTrustPolicy.disableEvaluation`).
final class SwiftAlamofireTrustDisabledRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SwiftSyntaxQueries.calleeName(node),
            ["DisabledTrustEvaluator", "DisabledEvaluator"].contains(name)
        {
            context.report(
                .alamofireTrustDisabled, at: node,
                "\(name)() accepts any certificate for the hosts it is mapped to")
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let base = node.base?.trimmedDescription
        if node.declName.baseName.text == "disableEvaluation", base == nil || base == "ServerTrustPolicy" {
            context.report(
                .alamofireTrustDisabled, at: node, "ServerTrustPolicy.disableEvaluation accepts any certificate")
        }
        return .visitChildren
    }
}
