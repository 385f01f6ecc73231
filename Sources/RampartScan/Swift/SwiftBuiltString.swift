import SwiftSyntax

/// Whether a string (SQL, HTML, JavaScript) is built from a value at run time: a literal with an interpolated
/// value, a `+` with something other than a literal, or `String(format:)` with arguments — through a constant
/// declared in the function. Values that went through an escaper or an encoder (`HTMLEscaping.text(…)`,
/// `SQLStringLiteral.quote(…)`, `JSONEncoder`, a name saying `escaped` or `json`) do not count.
enum SwiftBuiltString {
    static let safeWords = ["escap", "sanitiz", "encod", "json", "quote", "quoted", "rawvalue"]

    /// The value the string is built from, as written (`name`, `user.id`), or nil when it is all literal.
    static func insertedValue(_ expr: ExprSyntax, depth: Int = 3) -> String? {
        let resolved = SwiftBindings.resolve(expr)
        if let literal = resolved.as(StringLiteralExprSyntax.self) {
            for expressions in SwiftSyntaxQueries.interpolations(literal) {
                guard let first = expressions.first?.expression else { continue }
                if isLiteral(first) || isSafe(expressions) || isConstant(first, depth: depth) { continue }
                return first.trimmedDescription
            }
            return nil
        }
        if let sequence = resolved.as(SequenceExprSyntax.self),
            sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
        {
            for element in sequence.elements where !element.is(BinaryOperatorExprSyntax.self) {
                if isLiteral(element) || isSafe(element) { continue }
                if let inner = element.as(StringLiteralExprSyntax.self) {
                    if let value = insertedValue(ExprSyntax(inner), depth: depth - 1) { return value }
                    continue
                }
                if isConstant(element, depth: depth) { continue }
                return element.trimmedDescription
            }
            return nil
        }
        if let call = resolved.as(FunctionCallExprSyntax.self), SwiftSyntaxQueries.calleeName(call) == "String",
            call.arguments.first?.label?.text == "format"
        {
            for argument in call.arguments.dropFirst() where !isLiteral(argument.expression) && !isSafe(argument) {
                return argument.expression.trimmedDescription
            }
        }
        return nil
    }

    /// A name for a literal, or for a string built only from literals.
    private static func isConstant(_ expr: ExprSyntax, depth: Int) -> Bool {
        guard depth > 0 else { return false }
        let resolved = SwiftBindings.resolve(expr)
        if resolved.id == SwiftSyntaxQueries.unwrapped(expr).id { return false }
        if isLiteral(resolved) { return true }
        guard resolved.is(StringLiteralExprSyntax.self) || resolved.is(SequenceExprSyntax.self) else { return false }
        return insertedValue(resolved, depth: depth - 1) == nil
    }

    static func isLiteral(_ expr: ExprSyntax) -> Bool {
        let expr = SwiftSyntaxQueries.unwrapped(expr)
        if let literal = expr.as(StringLiteralExprSyntax.self) { return SwiftSyntaxQueries.staticText(literal) != nil }
        return expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self)
            || expr.is(BooleanLiteralExprSyntax.self)
    }

    static func isSafe(_ node: some SyntaxProtocol) -> Bool {
        let text = node.trimmedDescription.lowercased()
        return safeWords.contains { text.contains($0) }
    }
}
