import SwiftSyntax

/// RS-PLATFORM-002 in Swift: `loadHTMLString(_:baseURL:)`, `evaluateJavaScript(_:)` or
/// `stringByEvaluatingJavaScript(from:)` given text built from a value (interpolation, `+`, `String(format:)`)
/// that no escaper or encoder went through.
final class SwiftWebViewHTMLFromInputRule: SwiftRule {
    static let calls: Set<String> = [
        "loadHTMLString", "evaluateJavaScript", "stringByEvaluatingJavaScript", "WKUserScript",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node), Self.calls.contains(name),
            let text = node.arguments.first?.expression,
            let value = SwiftBuiltString.insertedValue(text)
        else { return .visitChildren }
        let kind = name == "loadHTMLString" ? "HTML" : "JavaScript"
        context.report(
            .webViewHTMLFromInput, at: node,
            "\(name) runs \(kind) built from \(value) without escaping: pass it as data, not code")
        return .visitChildren
    }
}
