import SwiftSyntax

/// Every function call under a node, in source order.
enum SwiftCalls {
    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = SwiftCallCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }
}

private final class SwiftCallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
