import RampartPolicy
import SwiftSyntax

/// RS-NET-001 in Swift: an `http://` string literal (or the literal text before an interpolation) that flows
/// into a request, or names an endpoint. XML namespaces and DTDs are names, not requests; loopback is reported
/// as info.
final class SwiftCleartextHTTPURLRule: SwiftRule {
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = SwiftSyntaxQueries.leadingText(node)
        guard text.lowercased().hasPrefix("http://") else { return .visitChildren }
        let host = CleartextURL.host(of: text)
        let kind = CleartextURL.kind(of: text)
        guard kind != .identifier, let destination = SwiftRequestFlow.destination(of: Syntax(node)) else {
            return .visitChildren
        }
        let shown = CleartextURL.shown(text, limit: 80)
        let hostShown = host.isEmpty ? shown + "…" : shown
        if kind == .loopback {
            context.report(
                .cleartextHTTPURL, at: node, "\(hostShown) (loopback) flows into \(destination)", severity: .info)
        } else {
            context.report(
                .cleartextHTTPURL, at: node,
                "cleartext \(hostShown) flows into \(destination): use https://")
        }
        return .visitChildren
    }
}
