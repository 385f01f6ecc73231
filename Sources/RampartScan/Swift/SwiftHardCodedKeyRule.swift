import SwiftSyntax

/// RS-CRYPTO-003 in Swift: a key or password fixed in the code flowing into a cipher, a MAC or a key
/// derivation (`SymmetricKey(data:)`, `CCCrypt`'s key, RNCryptor's `password:`, `CCKeyDerivationPBKDF`,
/// CryptoSwift `AES(key:)`). The message never shows the key.
final class SwiftHardCodedKeyRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        for (argument, what) in SwiftCryptoArguments.keys(of: node) {
            guard let constant = SwiftConstantBytes.describe(argument) else { continue }
            let unwrapped = SwiftSyntaxQueries.unwrapped(argument)
            let named = unwrapped.as(DeclReferenceExprSyntax.self).map { "\($0.baseName.text), " } ?? ""
            context.report(
                .hardCodedKey, at: argument,
                "the \(what) is \(named)\(constant) in the code: anyone with the app can read it")
        }
        return .visitChildren
    }
}
