import SwiftSyntax

/// RS-PLATFORM-001 in Swift: `UIWebView` (or `UIWebViewDelegate`) named in a type, a conformance or a call;
/// one finding per line.
final class SwiftUIWebViewRule: SwiftRule {
    static let names: Set<String> = ["UIWebView", "UIWebViewDelegate"]
    private var lines: Set<Int> = []

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        report(node.name.text, at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        report(node.baseName.text, at: Syntax(node))
        return .visitChildren
    }

    private func report(_ name: String, at node: Syntax) {
        guard Self.names.contains(name) else { return }
        let line = node.startLocation(converter: context.converter).line
        guard lines.insert(line).inserted else { return }
        context.report(.uiWebView, at: node, "\(name) is deprecated and rejected by App Review: use WKWebView")
    }
}
