import SwiftSyntax

/// RS-PLATFORM-004 in Swift: a secret written to `UIPasteboard.general` (`string =`, `strings =`, `items =`,
/// `setValue`, `setString`, `setItems` without `.localOnly`).
final class SwiftGeneralPasteboardSecretRule: SwiftRule {
    static let properties: Set<String> = ["string", "strings", "items", "url", "urls"]
    static let setters: Set<String> = ["setValue", "setString", "setItems", "setData", "addItems", "setObjects"]

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self),
            Self.properties.contains(target.declName.baseName.text),
            let base = target.base, isGeneralPasteboard(base),
            let secret = SwiftSecretValue.secret(in: elements[2])
        else { return .visitChildren }
        report(node, secret: secret)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node), Self.setters.contains(name),
            let base = SwiftSyntaxQueries.calleeBase(node), isGeneralPasteboard(base),
            let value = SwiftSyntaxQueries.argument(node, at: 0),
            let secret = SwiftSecretValue.secret(in: value)
        else { return .visitChildren }
        if node.arguments.contains(where: { $0.trimmedDescription.contains("localOnly") }) { return .visitChildren }
        report(node, secret: secret)
        return .visitChildren
    }

    private func isGeneralPasteboard(_ expr: ExprSyntax) -> Bool {
        let text = SwiftBindings.resolve(expr).trimmedDescription.filter { !$0.isWhitespace }
        return text == "UIPasteboard.general" || text == "NSPasteboard.general"
    }

    private func report(_ node: some SyntaxProtocol, secret: String) {
        context.report(
            .generalPasteboardSecret, at: node,
            "\(secret) is copied to the general pasteboard, which other apps and other devices read")
    }
}
