import SwiftSyntax

/// Whether a value written somewhere holds a secret: it reads a name that says so (`password`,
/// `session.authToken`), directly or through a constant declared in the function (`let data =
/// token.data(using: .utf8)`), or it is a dictionary with a key that says so (`["password": value]`).
enum SwiftSecretValue {
    /// The name that makes `expr` a secret, or nil.
    static func secret(in expr: ExprSyntax) -> String? {
        if let name = SwiftSyntaxQueries.secretName(in: expr) { return name }
        let resolved = SwiftBindings.resolve(expr)
        if resolved.id != SwiftSyntaxQueries.unwrapped(expr).id, let name = SwiftSyntaxQueries.secretName(in: resolved)
        {
            return name
        }
        // `token.data(using:)` bound to `data`, then `data.write(to:)`: the base of the chain.
        if let call = resolved.as(FunctionCallExprSyntax.self), let base = SwiftSyntaxQueries.calleeBase(call),
            base.id != expr.id, let name = secret(in: base)
        {
            return name
        }
        if let dictionary = resolved.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        {
            for element in elements {
                if let key = element.key.as(StringLiteralExprSyntax.self),
                    let text = SwiftSyntaxQueries.staticText(key),
                    ScanSecretName.isSecret(text)
                {
                    return text
                }
            }
        }
        return nil
    }
}
