import SwiftSyntax

/// RS-CRYPTO-001 in Swift: `kCCOptionECBMode` (CommonCrypto) or CryptoSwift's `ECB()` block mode.
final class SwiftECBModeRule: SwiftRule {
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == "kCCOptionECBMode" || node.baseName.text == "kCCModeECB" {
            context.report(
                .ecbMode, at: node, "\(node.baseName.text) encrypts equal blocks to equal ciphertext: use AES.GCM")
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SwiftSyntaxQueries.calleeName(node) == "ECB", node.arguments.isEmpty {
            context.report(
                .ecbMode, at: node, "ECB() block mode encrypts equal blocks to equal ciphertext: use AES.GCM")
        }
        return .visitChildren
    }
}
