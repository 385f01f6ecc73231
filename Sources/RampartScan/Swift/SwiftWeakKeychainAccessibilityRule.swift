import SwiftSyntax

/// RS-STORAGE-001 in Swift: `kSecAttrAccessibleAlways` / `kSecAttrAccessibleAlwaysThisDeviceOnly`, or a keychain
/// wrapper's `.always` / `.alwaysThisDeviceOnly` accessibility (KeychainAccess, SwiftKeychainWrapper).
final class SwiftWeakKeychainAccessibilityRule: SwiftRule {
    static let constants: Set<String> = ["kSecAttrAccessibleAlways", "kSecAttrAccessibleAlwaysThisDeviceOnly"]
    static let wrapperCases: Set<String> = ["always", "alwaysThisDeviceOnly"]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if Self.constants.contains(name),
            !(node.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == node.id } ?? false)
        {
            report(node, name)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if Self.constants.contains(name) {
            report(node, name)
        } else if Self.wrapperCases.contains(name), isAccessibility(node) {
            report(node, "accessibility ." + name)
        }
        return .visitChildren
    }

    /// `.accessibility(.always)`, `accessibility: .always`, `withAccessibility: .always`, `Accessibility.always`.
    private func isAccessibility(_ node: MemberAccessExprSyntax) -> Bool {
        if let base = node.base?.trimmedDescription { return base.hasSuffix("Accessibility") }
        guard let argument = node.parent?.as(LabeledExprSyntax.self) else { return false }
        if let label = argument.label?.text { return label.lowercased().hasSuffix("accessibility") }
        guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return SwiftSyntaxQueries.calleeName(call) == "accessibility"
    }

    private func report(_ node: some SyntaxProtocol, _ what: String) {
        context.report(
            .weakKeychainAccessibility, at: node,
            "\(what) keeps the item readable while the device is locked: use kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
        )
    }
}
