import SwiftSyntax

/// Whether a piece spliced into Swift SQL is fixed by the code, so it carries no input: a number (a literal,
/// `.count`, `Int(…)`, a name declared `Int`/`Double`/…), a list of `?` placeholders (`Array(repeating: "?",
/// count: n).joined(…)`, `ids.map { _ in "?" }.joined(…)`), an identifier from a fixed list (an enum case
/// or `rawValue`, a `let` string constant, a name that says it holds a table or column name: see
/// ``SQLFixedName``), a string built only from those, or a choice between them (`ascending ? "ASC" :
/// "DESC"`). Anything else, a parameter named `name` or a call's result, may carry input.
///
/// ```swift
/// // fixed: \(Self.tableName), \(limit) with `limit: Int`, \(ids.map { _ in "?" }.joined(separator: ","))
/// // not fixed: \(searchText), \(uuids.map { "'\($0)'" }.joined(separator: ","))
/// ```
enum SwiftSQLFixedPiece {
    static let numericTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Bool", "TimeInterval", "NSInteger", "NSUInteger", "Decimal",
    ]
    /// Members whose value is a number (or a raw value of an enum's fixed list).
    static let numericMembers: Set<String> = [
        "count", "rawValue", "timeIntervalSince1970", "timeIntervalSinceReferenceDate", "hashValue", "endIndex",
        "startIndex",
    ]

    static func isFixed(_ expr: ExprSyntax, depth: Int = 4) -> Bool {
        let expr = SwiftSyntaxQueries.unwrapped(expr)
        if SwiftBuiltString.isLiteral(expr) { return true }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            return depth > 0
                && SwiftBuiltString.insertedValue(
                    ExprSyntax(literal), depth: depth - 1, isFixed: { isFixed($0, depth: depth - 1) }) == nil
        }
        if let name = SwiftSyntaxQueries.name(of: expr), !expr.is(FunctionCallExprSyntax.self),
            SQLFixedName.isIdentifier(name) || SQLFixedName.isPlaceholder(name) || numericMembers.contains(name)
        {
            return true
        }
        if let member = expr.as(MemberAccessExprSyntax.self), isEnumCase(member) { return true }
        if let call = expr.as(FunctionCallExprSyntax.self), isFixedCall(call, depth: depth) { return true }
        if let sequence = expr.as(SequenceExprSyntax.self) { return isFixedSequence(sequence, depth: depth) }
        if let reference = expr.as(DeclReferenceExprSyntax.self), let type = declaredType(of: reference),
            numericTypes.contains(type)
        {
            return true
        }
        guard depth > 0 else { return false }
        let resolved = SwiftBindings.resolve(expr)
        if resolved.id == expr.id { return false }
        if let array = resolved.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isFixed($0.expression, depth: depth - 1) }
        }
        return isFixed(resolved, depth: depth - 1)
    }

    /// `Int(x)`, `String(count)`, `placeholders(for: n)`, `Array(repeating: "?", count: n).joined(…)`,
    /// `columns.joined(separator: ", ")`, `String(repeating: "?, ", count: n)`.
    private static func isFixedCall(_ call: FunctionCallExprSyntax, depth: Int) -> Bool {
        guard let name = SwiftSyntaxQueries.calleeName(call) else { return false }
        if numericTypes.contains(name) || SQLFixedName.isPlaceholder(name) { return true }
        if name == "String", let repeated = SwiftSyntaxQueries.argument(call, "repeating") {
            return SwiftBuiltString.isLiteral(repeated)
        }
        if name == "String", call.arguments.count == 1, let only = SwiftSyntaxQueries.argument(call, at: 0) {
            return isFixed(only, depth: depth - 1)
        }
        guard name == "joined" || name == "uppercased" || name == "lowercased",
            let base = SwiftSyntaxQueries.calleeBase(call)
        else { return false }
        return isFixedList(base, depth: depth - 1)
    }

    /// A list of fixed strings: `Array(repeating: "?", count: n)`, `ids.map { _ in "?" }`, `["a", "b"]`,
    /// `self.columnNames`, a constant bound to one of those.
    private static func isFixedList(_ expr: ExprSyntax, depth: Int) -> Bool {
        guard depth >= 0 else { return false }
        let expr = SwiftSyntaxQueries.unwrapped(expr)
        if let array = expr.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isFixed($0.expression, depth: depth) }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), let name = SwiftSyntaxQueries.calleeName(call) {
            if name == "Array", let repeated = SwiftSyntaxQueries.argument(call, "repeating") {
                return SwiftBuiltString.isLiteral(repeated)
            }
            if name == "map" || name == "compactMap",
                let closure = call.trailingClosure
                    ?? SwiftSyntaxQueries.argument(call, at: 0)?.as(ClosureExprSyntax.self),
                closure.statements.count == 1,
                let only = closure.statements.first?.item.as(ExprSyntax.self)
                    ?? closure.statements.first?.item.as(ReturnStmtSyntax.self)?.expression
            {
                return isFixed(only, depth: depth)
            }
            return false
        }
        return isFixed(expr, depth: depth)
    }

    /// `a + b`, `offset * limit`, `ascending ? "ASC" : "DESC"`: fixed when every operand is (a ternary's
    /// condition is not spliced).
    private static func isFixedSequence(_ sequence: SequenceExprSyntax, depth: Int) -> Bool {
        let elements = Array(sequence.elements)
        if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
            return isFixed(ternary.thenExpression, depth: depth - 1) && isFixed(elements[2], depth: depth - 1)
        }
        guard elements.contains(where: { $0.is(BinaryOperatorExprSyntax.self) }) else { return false }
        return elements.allSatisfy { $0.is(BinaryOperatorExprSyntax.self) || isFixed($0, depth: depth - 1) }
    }

    /// `Kind.audio` where `Kind` is an enum of this file with that case, or `Column.uuid` where the type's name
    /// says it lists columns.
    private static func isEnumCase(_ member: MemberAccessExprSyntax) -> Bool {
        guard let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase == true
        else { return false }
        let typeName = base.baseName.text
        if SQLFixedName.isIdentifier(typeName) { return true }
        let caseName = member.declName.baseName.text
        for type in SwiftSyntaxQueries.typeDeclarations(in: member.root) where type.name == typeName {
            for item in type.members {
                if let cases = item.decl.as(EnumCaseDeclSyntax.self),
                    cases.elements.contains(where: { $0.name.text == caseName })
                {
                    return true
                }
            }
        }
        return false
    }

    /// The type written for a name: its parameter's type in the enclosing function, or its declaration's type
    /// annotation (`let limit: Int = …`), without `?`.
    static func declaredType(of reference: DeclReferenceExprSyntax) -> String? {
        let name = reference.baseName.text
        if let declaration = SwiftBindings.declaration(of: name, from: Syntax(reference)) {
            return declaration.binding.as(PatternBindingSyntax.self)?.typeAnnotation.map { typeName($0.type) }
        }
        var current = reference.parent
        while let node = current {
            let parameters: FunctionParameterListSyntax?
            if let function = node.as(FunctionDeclSyntax.self) {
                parameters = function.signature.parameterClause.parameters
            } else if let initializer = node.as(InitializerDeclSyntax.self) {
                parameters = initializer.signature.parameterClause.parameters
            } else {
                parameters = nil
            }
            if let parameters {
                let found = parameters.first { ($0.secondName ?? $0.firstName).text == name }
                return found.map { typeName($0.type) }
            }
            current = node.parent
        }
        return nil
    }

    private static func typeName(_ type: TypeSyntax) -> String {
        var text = type.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return text
    }
}
