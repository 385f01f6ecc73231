import SwiftSyntax

/// How a Swift string literal is used as a credential, for RS-CRYPTO-007's short-literal path
/// (``CredentialLiteral``): compared with a credential-named value or a text field's text (`password == "…"`,
/// `passwordTextField.text == "…"`), passed as a password argument (`password: "…"`, `withPassword: "…"`,
/// `passcode:`, `secret:`, `pin:`), bound or assigned directly to a credential name (`let password = "…"`,
/// `user.password = "…"`, `passwordField.text = "…"`), or stored in defaults under a credential key
/// (`set("…", forKey: "PIN")`). Only the literal itself counts: a literal inside a call
/// (`let password = NSLocalizedString("…", comment: "")`) is that call's argument, not the credential.
///
/// ```swift
/// SwiftCredentialUse.use(of: literal)   // (description: "password", nameOnly: true) for `let password = "x"`
/// ```
enum SwiftCredentialUse {
    static let defaultsSetters: Set<String> = ["set", "setValue", "setObject"]

    /// What the literal is to a credential: a name to show, and whether only a name says so.
    static func use(of literal: StringLiteralExprSyntax) -> (description: String, nameOnly: Bool)? {
        guard let parent = literal.parent else { return nil }
        if let initializer = parent.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            CredentialLiteral.isCredentialName(name)
        {
            return (name, true)
        }
        if let labeled = parent.as(LabeledExprSyntax.self),
            let call = labeled.parent?.parent?.as(
                FunctionCallExprSyntax.self)
        {
            return argumentUse(labeled, in: call)
        }
        if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            return sequenceUse(literal, in: Array(sequence.elements))
        }
        return nil
    }

    /// `password: "…"` (high: a label with one of ``CredentialLiteral/passwordWords``; `apiKey:`, `token:` and
    /// `clientKey:` are left to the entropy test, publishable keys ship in clients), or the value of `set(_:forKey:)` under a credential key (a name only).
    static func argumentUse(_ argument: LabeledExprSyntax, in call: FunctionCallExprSyntax) -> (String, Bool)? {
        if let label = argument.label?.text {
            let words = ScanSecretName.words(of: label)
            guard CredentialLiteral.isCredentialName(label),
                words.contains(where: CredentialLiteral.passwordWords.contains)
            else {
                return nil
            }
            return ("the \(label): argument", false)
        }
        guard let callee = SwiftSyntaxQueries.name(of: call.calledExpression), defaultsSetters.contains(callee),
            argument.id == call.arguments.first?.id,
            let keyArgument = call.arguments.first(where: { $0.label?.text == "forKey" }),
            let key = keyArgument.expression.as(StringLiteralExprSyntax.self),
            let keyText = SwiftSyntaxQueries.staticText(key), CredentialLiteral.isCredentialName(keyText)
        else { return nil }
        return ("the value stored under \(keyText)", true)
    }

    /// `x == "…"` / `"…" != x` with a credential or a text field's text (high), or `x = "…"` to a credential
    /// name or a credential field's text (a name only).
    static func sequenceUse(_ literal: StringLiteralExprSyntax, in elements: [ExprSyntax]) -> (String, Bool)? {
        guard let index = elements.firstIndex(where: { $0.id == literal.id }) else { return nil }
        for (operatorIndex, operandIndex) in [(index - 1, index - 2), (index + 1, index + 2)]
        where elements.indices.contains(operatorIndex) && elements.indices.contains(operandIndex) {
            if let op = elements[operatorIndex].as(BinaryOperatorExprSyntax.self),
                ["==", "!="].contains(op.operator.text),
                let name = comparedName(elements[operandIndex])
            {
                return ("the value compared with \(name)", false)
            }
        }
        guard elements.count == 3, index == 2, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        let target = SwiftSyntaxQueries.unwrapped(elements[0])
        if let name = SwiftSyntaxQueries.name(of: target), CredentialLiteral.isCredentialName(name) {
            return (name, true)
        }
        if let field = textFieldName(target), CredentialLiteral.isCredentialName(fieldSubject(field)) {
            return ("the text of \(field)", true)
        }
        return nil
    }

    /// The credential name, or the text field, an operand reads.
    static func comparedName(_ operand: ExprSyntax) -> String? {
        let operand = SwiftSyntaxQueries.unwrapped(operand)
        if let name = SwiftSyntaxQueries.name(of: operand), CredentialLiteral.isCredentialName(name) { return name }
        return textFieldName(operand).map { "the text of \($0)" }
    }

    /// `passwordTextField` for `passwordTextField.text` (optional chaining and `self.` allowed).
    static func textFieldName(_ expr: ExprSyntax) -> String? {
        guard let member = SwiftSyntaxQueries.unwrapped(expr).as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "text", let base = member.base,
            let name = SwiftSyntaxQueries.name(of: base)
        else { return nil }
        let last = ScanSecretName.words(of: name).last
        return last == "field" || last == "textfield" ? name : nil
    }

    /// The field's name without the words that say it is a field: `password` for `passwordTextField`.
    static func fieldSubject(_ field: String) -> String {
        ScanSecretName.words(of: field).filter { !["text", "field", "textfield", "secure"].contains($0) }
            .joined(separator: "_")
    }
}
