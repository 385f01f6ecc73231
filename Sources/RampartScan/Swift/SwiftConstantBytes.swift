import SwiftSyntax

/// Whether bytes given to a cipher (a key, an IV, a nonce, a password) are fixed in the code: a string literal,
/// its bytes (`Data("…".utf8)`, `"…".data(using:)`), a literal byte array, `[UInt8](repeating: 0, count: 16)`,
/// `Data(count:)` — directly or through a constant declared in the function that nothing fills afterwards
/// (`SecRandomCopyBytes(…, &iv)` makes it random).
enum SwiftConstantBytes {
    /// The literal a constant `expr` comes from (the string or array written in the code), through the same
    /// steps as ``describe(_:depth:)``; `expr` when there is none.
    static func origin(_ expr: ExprSyntax, depth: Int = 3) -> ExprSyntax {
        let resolved = SwiftBindings.resolve(expr)
        guard depth > 0 else { return resolved }
        if let member = resolved.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "utf8",
            let base = member.base
        {
            return origin(base, depth: depth - 1)
        }
        guard let call = resolved.as(FunctionCallExprSyntax.self) else { return resolved }
        let name = SwiftSyntaxQueries.calleeName(call) ?? ""
        if name == "data", let base = SwiftSyntaxQueries.calleeBase(call) { return origin(base, depth: depth - 1) }
        if ["Data", "[UInt8]", "Array", "NSData", "SymmetricKey"].contains(name), let first = call.arguments.first,
            ["_", "bytes", "data"].contains(first.label?.text ?? "_")
        {
            return origin(first.expression, depth: depth - 1)
        }
        return resolved
    }

    /// What makes `expr` constant, in words ("all zeros", "a string literal"), or nil.
    static func describe(_ expr: ExprSyntax, depth: Int = 3) -> String? {
        let resolved = SwiftBindings.resolve(expr)
        if let literal = resolved.as(StringLiteralExprSyntax.self) {
            return SwiftSyntaxQueries.staticText(literal) == nil ? nil : "a string literal"
        }
        if let array = resolved.as(ArrayExprSyntax.self) {
            guard !array.elements.isEmpty,
                array.elements.allSatisfy({ SwiftSyntaxQueries.integerValue($0.expression) != nil })
            else { return nil }
            let zeros = array.elements.allSatisfy { SwiftSyntaxQueries.integerValue($0.expression) == 0 }
            return zeros ? "all zeros" : "a literal byte array"
        }
        if let member = resolved.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "utf8",
            let base = member.base, depth > 0
        {
            return describe(base, depth: depth - 1)
        }
        guard let call = resolved.as(FunctionCallExprSyntax.self), depth > 0 else { return nil }
        let name = SwiftSyntaxQueries.calleeName(call) ?? ""
        let labels = SwiftSyntaxQueries.labels(call)
        if labels.contains("repeating") {
            let value = SwiftSyntaxQueries.argument(call, "repeating").flatMap(SwiftSyntaxQueries.integerValue)
            return value == 0 ? "all zeros" : value == nil ? nil : "one repeated byte"
        }
        if (name == "Data" || name == "NSMutableData") && labels == ["count"] || name == "Data" && labels == ["length"]
        {
            return "all zeros"
        }
        if name == "data", let base = SwiftSyntaxQueries.calleeBase(call) {
            return describe(base, depth: depth - 1)  // "…".data(using: .utf8)
        }
        if ["Data", "[UInt8]", "Array", "NSData", "SymmetricKey"].contains(name), let first = call.arguments.first,
            ["_", "bytes", "data"].contains(first.label?.text ?? "_")
        {
            return describe(first.expression, depth: depth - 1)
        }
        return nil
    }
}
