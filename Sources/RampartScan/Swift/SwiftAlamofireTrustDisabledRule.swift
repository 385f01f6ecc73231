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
        // The name first: the base's text, computed for every member of a long chain, was quadratic.
        guard node.declName.baseName.text == "disableEvaluation" else { return .visitChildren }
        let base = node.base?.trimmedDescription
        if base == nil || base == "ServerTrustPolicy" {
            context.report(
                .alamofireTrustDisabled, at: node, "ServerTrustPolicy.disableEvaluation accepts any certificate")
        }
        return .visitChildren
    }
}
