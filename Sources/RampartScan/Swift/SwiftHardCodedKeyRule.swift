import SwiftSyntax

/// RS-CRYPTO-003 in Swift: a key or password fixed in the code flowing into a cipher, a MAC or a key
/// derivation (`SymmetricKey(data:)`, `CCCrypt`'s key, RNCryptor's `password:`, `CCKeyDerivationPBKDF`,
/// CryptoSwift `AES(key:)`), reported at the literal. The message names where it flows and never shows the key.
final class SwiftHardCodedKeyRule: SwiftRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        for (argument, what) in SwiftCryptoArguments.keys(of: node) {
            guard let constant = SwiftConstantBytes.describe(argument) else { continue }
            let unwrapped = SwiftSyntaxQueries.unwrapped(argument)
            let named = unwrapped.as(DeclReferenceExprSyntax.self).map { "\($0.baseName.text), " } ?? ""
            // Reported where the key is written, which is where it has to go.
            context.report(
                .hardCodedKey, at: SwiftConstantBytes.origin(argument),
                "the \(what) is \(named)\(constant) in the code: anyone with the app can read it")
        }
        return .visitChildren
    }
}
