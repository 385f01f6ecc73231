import SwiftSyntax

/// The light data flow Swift rules use inside a function: which value a name was given, and where a name
/// declared here is read. A name resolves to the nearest `let` or `var` declared before it in an enclosing
/// block, a property of the enclosing type, a global of the file, or an `if let` / `guard let` binding; a
/// parameter resolves to nothing (its value comes from outside). A `var` that is assigned again, or filled
/// by a call that takes it `inout` (`SecRandomCopyBytes(…, &iv)`), no longer has its initial value.
enum SwiftBindings {
    /// A declaration found for a name: its binding and the value it was given.
    struct Declaration {
        var binding: Syntax
        var name: String
        var value: ExprSyntax?
        var isVariable: Bool
        /// The block, member list or file the name is visible in.
        var scope: Syntax
    }

    /// The declaration `name` refers to, seen from `node`.
    static func declaration(of name: String, from node: Syntax) -> Declaration? {
        var current = node.parent
        var child = node
        while let scope = current {
            if let items = scope.as(CodeBlockItemListSyntax.self) {
                for item in items where item.position < child.position || item.id == child.id {
                    if let found = find(name, in: item.item.as(VariableDeclSyntax.self), scope: scope) {
                        return found
                    }
                }
                // Guard bindings earlier in the block.
                for item in items where item.position < child.position {
                    if let guardStatement = item.item.as(GuardStmtSyntax.self),
                        let found = find(name, in: guardStatement.conditions, scope: scope)
                    {
                        return found
                    }
                }
            } else if let members = scope.as(MemberBlockItemListSyntax.self) {
                for member in members {
                    if let found = find(name, in: member.decl.as(VariableDeclSyntax.self), scope: scope) {
                        return found
                    }
                }
            } else if let ifExpression = scope.as(IfExprSyntax.self), child.id == ifExpression.body.id {
                if let found = find(name, in: ifExpression.conditions, scope: Syntax(ifExpression.body)) {
                    return found
                }
            } else if let function = scope.as(FunctionDeclSyntax.self) {
                if function.signature.parameterClause.parameters.contains(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return nil
                }
            } else if let closure = scope.as(ClosureExprSyntax.self), let signature = closure.signature {
                if signature.trimmedDescription.contains(name) { return nil }
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    private static func find(_ name: String, in declaration: VariableDeclSyntax?, scope: Syntax) -> Declaration? {
        guard let declaration else { return nil }
        for binding in declaration.bindings {
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
            return Declaration(
                binding: Syntax(binding), name: name, value: binding.initializer?.value,
                isVariable: declaration.bindingSpecifier.tokenKind == .keyword(.var), scope: scope)
        }
        return nil
    }

    private static func find(_ name: String, in conditions: ConditionElementListSyntax, scope: Syntax)
        -> Declaration?
    {
        for condition in conditions {
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            return Declaration(
                binding: Syntax(binding), name: name,
                value: binding.initializer?.value
                    ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))),
                isVariable: false, scope: scope)
        }
        return nil
    }

    /// The value `expr` stands for: through names declared with a value that is not changed afterwards,
    /// up to a few steps; `expr` itself (unwrapped) when it is not such a name.
    static func resolve(_ expr: ExprSyntax, depth: Int = 4) -> ExprSyntax {
        let expr = SwiftSyntaxQueries.unwrapped(expr)
        guard depth > 0, let reference = expr.as(DeclReferenceExprSyntax.self),
            let declaration = declaration(of: reference.baseName.text, from: Syntax(reference)),
            let value = declaration.value, !(declaration.isVariable && isChanged(declaration))
        else {
            if depth > 0, let member = expr.as(MemberAccessExprSyntax.self),
                let declaration = memberDeclaration(member), let value = declaration.value, !declaration.isVariable
            {
                return resolve(value, depth: depth - 1)
            }
            return expr
        }
        if value.as(DeclReferenceExprSyntax.self)?.baseName.text == reference.baseName.text { return expr }
        return resolve(value, depth: depth - 1)
    }

    /// The declaration of `self.name` (a property of the enclosing type) or `Type.name` (a property of a type
    /// declared in this file).
    static func memberDeclaration(_ member: MemberAccessExprSyntax) -> Declaration? {
        guard let base = member.base?.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        if base.baseName.text == "self" { return declaration(of: name, from: Syntax(member)) }
        guard base.baseName.text.first?.isUppercase == true else { return nil }
        let typeName = base.baseName.text
        for type in SwiftSyntaxQueries.typeDeclarations(in: member.root) where type.name == typeName {
            for item in type.members {
                if let found = find(name, in: item.decl.as(VariableDeclSyntax.self), scope: Syntax(type.members)) {
                    return found
                }
            }
        }
        return nil
    }

    /// Every read of a declared name within its scope, after its declaration.
    static func uses(of declaration: Declaration) -> [DeclReferenceExprSyntax] {
        SwiftSyntaxQueries.names(in: declaration.scope).filter {
            $0.baseName.text == declaration.name && $0.position > declaration.binding.endPosition
                && !isMemberName($0)
        }
    }

    /// Whether a reference is the member part of `a.name` (another thing than a local `name`), other than `self.name`.
    private static func isMemberName(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id
        else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text != "self"
    }

    /// Whether a `var` is assigned again or passed `inout` (`&name`) after its declaration.
    static func isChanged(_ declaration: Declaration) -> Bool {
        for use in uses(of: declaration) {
            var node = Syntax(use)
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id {
                node = Syntax(member)
            }
            if node.parent?.is(InOutExprSyntax.self) == true, fills(node) { return true }
            if let sequence = node.parent?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count >= 3, elements[0].id == node.id, elements[1].is(AssignmentExprSyntax.self) {
                    return true
                }
            }
            // `iv.withUnsafeMutableBytes { SecRandomCopyBytes(…) }`: filled in place.
            if let member = node.parent?.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text.hasPrefix("withUnsafeMutable")
            {
                return true
            }
        }
        return false
    }

    /// Whether the call that takes `node` as `&node` fills it (a random generator, a copy, a read), rather
    /// than reads it as a pointer (`CCCrypt(…, &iv, …)`).
    private static func fills(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(FunctionCallExprSyntax.self) { current = parent.parent }
        guard let call = current?.as(FunctionCallExprSyntax.self), let name = SwiftSyntaxQueries.calleeName(call)
        else { return true }
        let lowered = name.lowercased()
        return lowered.contains("random") || lowered.contains("copybytes") || lowered.contains("getbytes")
            || lowered.contains("memcpy") || lowered.contains("entropy") || lowered.hasPrefix("read")
            || !lowered.hasPrefix("cc")
    }
}
