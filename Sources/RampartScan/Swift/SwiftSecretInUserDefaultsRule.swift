import SwiftSyntax

/// RS-STORAGE-002 in Swift: `UserDefaults` `set(_:forKey:)` / `setValue(_:forKey:)` / `setObject` where the key or
/// the value names a secret, and `@AppStorage("authToken")`.
final class SwiftSecretInUserDefaultsRule: SwiftRule {
    static let setters: Set<String> = ["set", "setValue", "setObject"]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = SwiftSyntaxQueries.calleeName(node), Self.setters.contains(name),
            let key = SwiftSyntaxQueries.argument(node, "forKey"),
            let base = SwiftSyntaxQueries.calleeBase(node), Self.isDefaults(base),
            let value = SwiftSyntaxQueries.argument(node, at: 0)
        else { return .visitChildren }
        let keyText = SwiftBindings.resolve(key).as(StringLiteralExprSyntax.self).flatMap(SwiftSyntaxQueries.staticText)
        if let keyText, ScanSecretName.isSecret(keyText) {
            report(node, "the key \"\(keyText)\"")
        } else if let secret = SwiftSecretValue.secret(in: value) {
            report(node, secret)
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard node.attributeName.trimmedDescription == "AppStorage",
            case .argumentList(let arguments) = node.arguments,
            let key = arguments.first?.expression.as(StringLiteralExprSyntax.self),
            let text = SwiftSyntaxQueries.staticText(key), ScanSecretName.isSecret(text)
        else { return .visitChildren }
        report(node, "@AppStorage(\"\(text)\")")
        return .visitChildren
    }

    /// `UserDefaults.standard`, `UserDefaults(suiteName:)`, or a name that says `defaults`.
    static func isDefaults(_ base: ExprSyntax) -> Bool {
        let resolved = SwiftBindings.resolve(base)
        if resolved.trimmedDescription.contains("UserDefaults") { return true }
        guard let name = SwiftSyntaxQueries.name(of: base) else { return false }
        return ScanSecretName.words(of: name).contains { $0 == "defaults" || $0 == "userdefaults" }
    }

    private func report(_ node: some SyntaxProtocol, _ what: String) {
        context.report(
            .secretInUserDefaults, at: node,
            "\(what) is stored in UserDefaults, a plain plist in the app's container: use the keychain")
    }
}
