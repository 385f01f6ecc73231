import SwiftSyntax

/// RS-CRYPTO-002 in Swift: an IV or nonce that is fixed — zeros, a literal, a string's bytes, or `nil` to
/// `CCCrypt` (CommonCrypto then uses zeros) — directly or through a constant in the function.
final class SwiftStaticIVRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        for (argument, what) in SwiftCryptoArguments.ivs(of: node) {
            let unwrapped = SwiftSyntaxQueries.unwrapped(argument)
            let constant: String?
            if unwrapped.is(NilLiteralExprSyntax.self) {
                constant =
                    SwiftSyntaxQueries.calleeName(node)?.hasPrefix("CC") == true ? "nil (CommonCrypto uses zeros)" : nil
            } else {
                constant = SwiftConstantBytes.describe(argument)
            }
            guard let constant else { continue }
            let named = unwrapped.as(DeclReferenceExprSyntax.self).map { "\($0.baseName.text), " } ?? ""
            context.report(
                .staticIV, at: argument, "the \(what) is \(named)\(constant): the same for every message")
        }
        return .visitChildren
    }
}
