import SwiftSyntax

/// Whether a string (SQL, HTML, JavaScript) is built from a value at run time: a literal with an interpolated
/// value, a `+` with something other than a literal, or `String(format:)` with arguments — through a constant
/// declared in the function. Values that went through an escaper or an encoder (`HTMLEscaping.text(…)`,
/// `SQLStringLiteral.quote(…)`, `JSONEncoder`, a name saying `escaped` or `json`) do not count, nor do the
/// pieces a rule's `isFixed` accepts (SQL: numbers, placeholders, identifiers, see ``SwiftSQLFixedPiece``), nor
/// `String(format:)` arguments that a number conversion (`%d`, `%ld`, `%f`) formats.
enum SwiftBuiltString {
    static let safeWords = ["escap", "sanitiz", "encod", "json", "quote", "quoted", "rawvalue"]

    /// The value the string is built from, as written (`name`, `user.id`), or nil when it is all literal.
    static func insertedValue(
        _ expr: ExprSyntax, depth: Int = 3, isFixed: (ExprSyntax) -> Bool = { _ in false }
    ) -> String? {
        let resolved = SwiftBindings.resolve(expr)
        if let literal = resolved.as(StringLiteralExprSyntax.self) {
            for expressions in SwiftSyntaxQueries.interpolations(literal) {
                guard let first = expressions.first?.expression else { continue }
                if isLiteral(first) || isSafe(expressions) || isConstant(first, depth: depth, isFixed: isFixed)
                    || isFixed(first)
                {
                    continue
                }
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
                    if let value = insertedValue(ExprSyntax(inner), depth: depth - 1, isFixed: isFixed) { return value }
                    continue
                }
                if isConstant(element, depth: depth, isFixed: isFixed) || isFixed(element) { continue }
                return element.trimmedDescription
            }
            return nil
        }
        if let call = resolved.as(FunctionCallExprSyntax.self), SwiftSyntaxQueries.calleeName(call) == "String",
            call.arguments.first?.label?.text == "format"
        {
            let format = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
                .flatMap(SwiftSyntaxQueries.staticText)
            let conversions = format.map(FormatSpecifiers.conversions) ?? []
            for (index, argument) in call.arguments.dropFirst().enumerated()
            where !isLiteral(argument.expression) && !isSafe(argument) && !isFixed(argument.expression) {
                if index < conversions.count, conversions[index] == .number { continue }
                return argument.expression.trimmedDescription
            }
        }
        return nil
    }

    /// A name for a literal, or for a string built only from literals.
    private static func isConstant(_ expr: ExprSyntax, depth: Int, isFixed: (ExprSyntax) -> Bool) -> Bool {
        guard depth > 0 else { return false }
        let resolved = SwiftBindings.resolve(expr)
        if resolved.id == SwiftSyntaxQueries.unwrapped(expr).id { return false }
        if isLiteral(resolved) { return true }
        // A sequence is a constant only as a concatenation (`"a" + "b"`); `field.text ?? ""` is not.
        let isConcatenation =
            resolved.as(SequenceExprSyntax.self)?.elements.contains {
                $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
            } == true
        guard resolved.is(StringLiteralExprSyntax.self) || isConcatenation else { return false }
        return insertedValue(resolved, depth: depth - 1, isFixed: isFixed) == nil
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
