import SwiftSyntax

/// Every node of one kind under a node, in source order: the calls of a function, the names an expression reads.
///
/// ```swift
/// let calls = SwiftNodeCollector<FunctionCallExprSyntax>.nodes(in: function)
/// ```
final class SwiftNodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    private(set) var nodes: [Node] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { nodes.append(match) }
        return .visitChildren
    }

    static func nodes(in root: some SyntaxProtocol) -> [Node] {
        let collector = SwiftNodeCollector(viewMode: .sourceAccurate)
        collector.walk(root)
        return collector.nodes
    }
}
