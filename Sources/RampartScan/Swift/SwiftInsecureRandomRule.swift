import SwiftSyntax

/// RS-CRYPTO-006 in Swift: `rand()`, `random()`, `drand48()`, `srand`, `srandom` producing a key, an IV, a nonce, a
/// salt or a token — what the value is given to, or the function it is made in, says so.
/// `arc4random_buf`, `SecRandomCopyBytes`, `SystemRandomNumberGenerator` and `.random(in:)` are fine.
final class SwiftInsecureRandomRule: SwiftRule {
    static let generators: Set<String> = [
        "rand", "random", "drand48", "erand48", "lrand48", "mrand48", "srand", "srandom", "srand48",
    ]
    static let secretWords: Set<String> = [
        "key", "keys", "iv", "nonce", "salt", "token", "secret", "password", "otp", "session", "passcode", "csrf",
        "challenge", "pin",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.generators.contains(reference.baseName.text),
            reference.baseName.text.hasPrefix("s") || node.arguments.isEmpty || reference.baseName.text.hasSuffix("48")
        else { return .visitChildren }
        if let use = secretUse(of: Syntax(node)) {
            context.report(
                .insecureRandom, at: node,
                "\(reference.baseName.text)() makes \(use): it is predictable; use SecRandomCopyBytes")
        }
        return .visitChildren
    }

    /// The name (variable, property, function) that says the random value is a secret.
    private func secretUse(of node: Syntax) -> String? {
        var current: Syntax? = node
        while let node = current {
            if let name = SwiftSyntaxQueries.destinationName(of: node), isSecret(name) { return name }
            if let function = node.as(FunctionDeclSyntax.self) {
                return isSecret(function.name.text) ? "the result of \(function.name.text)" : nil
            }
            if let binding = node.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, isSecret(name)
            {
                return name
            }
            current = node.parent
        }
        return nil
    }

    private func isSecret(_ name: String) -> Bool {
        let words = ScanSecretName.words(of: name)
        return words.contains(where: Self.secretWords.contains) || ScanSecretName.isSecret(name)
    }
}
