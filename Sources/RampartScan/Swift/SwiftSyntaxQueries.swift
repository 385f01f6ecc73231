import SwiftSyntax

/// The questions Swift rules ask of syntax: what a call calls, its arguments, the text of a literal, the names
/// an expression reads, where a node sits. Syntax only: no type checking, so a name is what it says.
enum SwiftSyntaxQueries {
    /// `expr` without what does not change its value: `try`, `await`, `!`, `?`, parentheses, `as`.
    static func unwrapped(_ expr: ExprSyntax) -> ExprSyntax {
        var expr = expr
        for _ in 0..<16 {
            guard let next = unwrappedOnce(expr) else { return expr }
            expr = next
        }
        return expr
    }

    private static func unwrappedOnce(_ expr: ExprSyntax) -> ExprSyntax? {
        if let inner = expr.as(TryExprSyntax.self)?.expression { return inner }
        if let inner = expr.as(AwaitExprSyntax.self)?.expression { return inner }
        if let inner = expr.as(ForceUnwrapExprSyntax.self)?.expression { return inner }
        if let inner = expr.as(OptionalChainingExprSyntax.self)?.expression { return inner }
        if let inner = expr.as(InOutExprSyntax.self)?.expression { return inner }
        if let inner = singleElement(of: expr.as(TupleExprSyntax.self)) { return inner }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true
        {
            return first
        }
        return nil
    }

    private static func singleElement(of tuple: TupleExprSyntax?) -> ExprSyntax? {
        guard let tuple, tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else {
            return nil
        }
        return only.expression
    }

    /// The name a call calls: `URL` in `URL(string:)`, `request` in `AF.request(…)`, `init` → the type.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        name(of: call.calledExpression)
    }

    /// The last name of a reference: `x`, `a.b.c` → `c`, `Foo<T>` → `Foo`, `Foo.init` → `Foo`.
    static func name(of expr: ExprSyntax) -> String? {
        let expr = unwrapped(expr)
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "init", let base = member.base { return self.name(of: base) }
            return name
        }
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return name(of: generic.expression) }
        if let array = expr.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first {
            return "[" + (name(of: element.expression) ?? "") + "]"
        }
        return nil
    }

    /// The receiver of a method call (`AF` in `AF.request`), nil for a free function or an initializer.
    static func calleeBase(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        unwrapped(call.calledExpression).as(MemberAccessExprSyntax.self)?.base
    }

    /// The callee as written, without white space: `Insecure.MD5.hash`, `URLSession.shared.dataTask`.
    static func calleeText(_ call: FunctionCallExprSyntax) -> String {
        call.calledExpression.trimmedDescription.filter { !$0.isWhitespace }
    }

    /// The argument labelled `label` (nil: the first unlabelled one).
    static func argument(_ call: FunctionCallExprSyntax, _ label: String?) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// The argument at `index`, counting from 0.
    static func argument(_ call: FunctionCallExprSyntax, at index: Int) -> ExprSyntax? {
        guard index < call.arguments.count else { return nil }
        return call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: index)].expression
    }

    /// The argument labels of a call, `_` for an unlabelled one.
    static func labels(_ call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map { $0.label?.text ?? "_" }
    }

    /// The text of a string literal without interpolations; nil when it has one.
    static func staticText(_ literal: StringLiteralExprSyntax) -> String? {
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return text
    }

    /// The literal text before the first interpolation (all of it when there is none).
    static func leadingText(_ literal: StringLiteralExprSyntax) -> String {
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { break }
            text += piece.content.text
        }
        return text
    }

    /// The expressions interpolated into a string literal.
    static func interpolations(_ literal: StringLiteralExprSyntax) -> [LabeledExprListSyntax] {
        literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self)?.expressions }
    }

    /// The value of an integer literal (`10_000`, `0x10`), through `UInt32(…)`-style conversions.
    static func integerValue(_ expr: ExprSyntax) -> Int? {
        let expr = unwrapped(expr)
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            let text = literal.literal.text.replacingOccurrences(of: "_", with: "")
            if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
            return Int(text)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let name = calleeName(call), name.first?.isUppercase == true, let only = argument(call, at: 0)
        {
            return integerValue(only)
        }
        return nil
    }

    /// Every name an expression reads: identifiers and member names, outermost first.
    static func names(in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        SwiftNodeCollector<DeclReferenceExprSyntax>.nodes(in: node)
    }

    /// The first name in `node` that names a secret and whose value is read (not only `.count` or `.isEmpty`).
    static func secretName(in node: some SyntaxProtocol) -> String? {
        let harmless: Set<String> = ["count", "isEmpty", "length", "hashValue", "isValid", "utf8CString"]
        for reference in names(in: node) where ScanSecretName.isSecret(reference.baseName.text) {
            if let member = reference.parent?.as(MemberAccessExprSyntax.self),
                member.declName.id == reference.id
            {
                // `x.password`: the member is the value read, unless the chain goes on to `.count`.
                if let outer = member.parent?.as(MemberAccessExprSyntax.self),
                    harmless.contains(outer.declName.baseName.text)
                {
                    continue
                }
                return reference.baseName.text
            }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self),
                harmless.contains(member.declName.baseName.text)
            {
                continue
            }
            // A label (`password:` in a call) is not a DeclReferenceExpr, so every hit here is a value.
            return reference.baseName.text
        }
        return nil
    }

    /// The nearest function, initializer, accessor or closure around `node` (its body is the scope of its locals).
    static func enclosingFunction(_ node: Syntax) -> Syntax? {
        var current = node.parent
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
                || node.is(AccessorDeclSyntax.self) || node.is(ClosureExprSyntax.self)
            {
                return node
            }
            current = node.parent
        }
        return nil
    }

    /// The nearest declared function (not a closure) around `node`.
    static func enclosingFunctionDecl(_ node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) { return function }
            current = node.parent
        }
        return nil
    }

    /// The name the value of `expr` is given: the variable it initialises, the property it is assigned to,
    /// the argument label it is passed as, or the dictionary key it is stored under.
    static func destinationName(of expr: Syntax) -> String? {
        var node = expr
        for _ in 0..<8 {
            guard let parent = node.parent else { return nil }
            if let initializer = parent.as(InitializerClauseSyntax.self),
                let binding = initializer.parent?.as(PatternBindingSyntax.self)
            {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let labeled = parent.as(LabeledExprSyntax.self), let label = labeled.label?.text,
                labeled.parent?.parent?.is(FunctionCallExprSyntax.self) == true
            {
                return label
            }
            if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id,
                let key = element.key.as(StringLiteralExprSyntax.self)
            {
                return staticText(key) ?? name(of: element.key)
            }
            if let element = parent.as(DictionaryElementSyntax.self), element.value.id == node.id {
                return name(of: element.key)
            }
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id {
                    return name(of: elements[0])
                }
                if elements.count >= 3, elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) {
                    return nil
                }
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return nil }
            node = parent
        }
        return nil
    }

    /// Whether `node` is compiled only in debug builds: inside `#if DEBUG` (not its `#else`).
    static func isInDebugOnlyCode(_ node: Syntax) -> Bool {
        var current = node.parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), let condition = clause.condition {
                let text = condition.trimmedDescription
                if text == "DEBUG" || text.hasPrefix("DEBUG ") || text.hasSuffix(" DEBUG") { return true }
            }
            current = node.parent
        }
        return false
    }

    /// The types (struct, class, enum, extension) declared in a file, with their names and member lists.
    static func typeDeclarations(in root: Syntax) -> [(name: String, members: MemberBlockItemListSyntax)] {
        final class Collector: SyntaxVisitor {
            var types: [(name: String, members: MemberBlockItemListSyntax)] = []
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.name.text, node.memberBlock.members))
                return .visitChildren
            }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.name.text, node.memberBlock.members))
                return .visitChildren
            }
            override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.name.text, node.memberBlock.members))
                return .visitChildren
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append((node.extendedType.trimmedDescription, node.memberBlock.members))
                return .visitChildren
            }
            override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(root)
        return collector.types
    }
}
