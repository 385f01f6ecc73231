import SwiftSyntax

/// RS-NET-004 in Swift: the private `allowsAnyHTTPSCertificate(forHost:)` overridden, or
/// `setAllowsAnyHTTPSCertificate:forHost:` called (directly or through a selector).
final class SwiftAllowsAnyHTTPSCertificateRule: SwiftRule {
    static let names: Set<String> = ["allowsAnyHTTPSCertificate", "setAllowsAnyHTTPSCertificate"]
    static let selectors: Set<String> = [
        "setAllowsAnyHTTPSCertificate:forHost:", "allowsAnyHTTPSCertificateForHost:",
        "allowsAnyHTTPSCertificate(forHost:)", "setAllowsAnyHTTPSCertificate(_:forHost:)",
    ]

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.names.contains(node.name.text) {
            context.report(
                .allowsAnyHTTPSCertificate, at: node.name,
                "\(node.name.text)(forHost:) is overridden: NSURLRequest accepts any certificate for that host")
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.names.contains(node.baseName.text) {
            context.report(
                .allowsAnyHTTPSCertificate, at: node,
                "\(node.baseName.text) turns certificate validation off for a host")
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let text = SwiftSyntaxQueries.staticText(node), Self.selectors.contains(text) {
            context.report(
                .allowsAnyHTTPSCertificate, at: node,
                "the private selector \(text) is called: certificate validation is turned off for a host")
        }
        return .visitChildren
    }
}
