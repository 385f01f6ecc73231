import SwiftSyntax

/// How a finding names a function: `urlSession(_:didReceive:completionHandler:)`.
enum SwiftSignature {
    /// The argument labels of a function declaration, `_:didReceive:completionHandler:`.
    static func labels(_ function: FunctionDeclSyntax) -> String {
        function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
    }
}
