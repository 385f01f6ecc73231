import SwiftSyntax

/// Where a value (a URL string, a URL) goes: into a request (`URLRequest`, `URLSession.dataTask`, `AF.request`,
/// `WKWebView.load`, `Data(contentsOf:)`), through what only builds a URL (`URL(string:)`, `+`, interpolation,
/// `appendingPathComponent`), into a constant that is later used so, or into a name that says it is an endpoint
/// (`baseURL`, `apiHost`: a configuration read elsewhere).
enum SwiftRequestFlow {
    /// Calls that send a request or load a URL.
    static let requestCalls: Set<String> = [
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "request", "dataTask", "downloadTask", "uploadTask",
        "webSocketTask", "streamTask", "dataTaskPublisher", "download", "upload", "load", "loadRequest",
        "NSURLConnection", "WebSocket", "AVPlayer", "AVURLAsset", "SFSafariViewController", "streamRequest",
        "websocketRequest",
    ]
    /// `URLSession.data(from:)`, `Data(contentsOf:)`, `String(contentsOf:)`: the label makes them requests.
    static let requestLabels: [String: Set<String>] = [
        "data": ["from", "for"], "bytes": ["from", "for"], "Data": ["contentsOf"], "String": ["contentsOf"],
        "NSData": ["contentsOf", "contentsOfURL"], "NSString": ["contentsOf"],
    ]
    /// Calls whose result is still the URL: the value flows on through them.
    static let urlBuilders: Set<String> = [
        "URL", "NSURL", "URLComponents", "NSURLComponents", "appendingPathComponent", "appendingPathExtension",
        "appending", "appendingQueryItems", "String", "format", "replacingOccurrences", "lowercased",
    ]
    /// Words of a name that says it holds an endpoint.
    static let endpointWords: Set<String> = [
        "url", "urls", "uri", "endpoint", "endpoints", "server", "host", "api", "backend", "domain", "webservice",
        "baseurl", "origin",
    ]

    /// Where `node`'s value goes when it is used for a request: a description such as "URLRequest" or
    /// "baseURL", or nil.
    static func destination(of node: Syntax, depth: Int = 3) -> String? {
        var current = node
        for _ in 0..<24 {
            guard let parent = current.parent else { return nil }
            if let call = parent.as(FunctionCallExprSyntax.self) {
                guard call.calledExpression.id != current.id else {
                    return nil
                }
                let name = SwiftSyntaxQueries.calleeName(call) ?? ""
                if requestCalls.contains(name) { return SwiftSyntaxQueries.calleeText(call) }
                if let labels = requestLabels[name],
                    call.arguments.contains(where: { labels.contains($0.label?.text ?? "") })
                {
                    return SwiftSyntaxQueries.calleeText(call)
                }
                guard urlBuilders.contains(name) else { return endpointName(for: current) }
                current = Syntax(call)
                continue
            }
            if let member = parent.as(MemberAccessExprSyntax.self) {
                // `URL(string: "…")!.appendingPathComponent("x")`, `components.url`.
                let name = member.declName.baseName.text
                if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                    if requestCalls.contains(name) { return SwiftSyntaxQueries.calleeText(call) }
                    guard urlBuilders.contains(name) else { return nil }
                    current = Syntax(call)
                } else {
                    guard ["url", "absoluteURL", "absoluteString"].contains(name) else { return nil }
                    current = Syntax(member)
                }
                continue
            }
            if let binding = parent.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                return destination(ofDeclared: name, at: Syntax(binding), depth: depth)
            }
            if let element = parent.as(EnumCaseElementSyntax.self) ?? parent.parent?.as(EnumCaseElementSyntax.self) {
                return endpointName(element.name.text, orType: Syntax(element))
            }
            if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                    guard elements[2].id == current.id, let name = SwiftSyntaxQueries.name(of: elements[0]) else {
                        return nil
                    }
                    if ["url", "URL", "mainDocumentURL"].contains(name) && elements[0].is(MemberAccessExprSyntax.self) {
                        return "." + name
                    }
                    return isEndpointName(name) ? name : nil
                }
                let isConcatenation = elements.contains {
                    $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
                }
                guard isConcatenation else { return nil }
                current = Syntax(sequence)
                continue
            }
            if parent.is(ReturnStmtSyntax.self)
                || parent.is(CodeBlockItemSyntax.self)
                    && parent.parent?.parent?.parent?.is(AccessorBlockSyntax.self) == true
            {
                return returnedName(from: parent)
            }
            if parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                || parent.is(ExpressionSegmentSyntax.self) || parent.is(StringLiteralSegmentListSyntax.self)
                || parent.is(StringLiteralExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                || parent.is(OptionalChainingExprSyntax.self) || parent.is(TryExprSyntax.self)
                || parent.is(AwaitExprSyntax.self) || parent.is(TupleExprSyntax.self)
                || parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self)
                || parent.is(ArrayExprSyntax.self) || parent.is(InitializerClauseSyntax.self)
            {
                current = parent
                continue
            }
            if parent.is(CodeBlockItemSyntax.self) && parent.parent?.parent?.parent?.is(ClosureExprSyntax.self) == true
            {
                return nil
            }
            return endpointName(for: current)
        }
        return nil
    }

    /// Where a declared name's value goes: into a request through one of its uses, or the name itself when
    /// it says it is an endpoint.
    static func destination(ofDeclared name: String, at binding: Syntax, depth: Int) -> String? {
        if depth > 0,
            let declaration = SwiftBindings.declaration(
                of: name, from: binding.lastToken(viewMode: .sourceAccurate).map(Syntax.init) ?? binding)
        {
            for use in SwiftBindings.uses(of: declaration) {
                if let found = destination(of: Syntax(use), depth: depth - 1) { return found }
            }
        }
        return isEndpointName(name) ? name : nil
    }

    private static func endpointName(for node: Syntax) -> String? {
        guard let name = SwiftSyntaxQueries.destinationName(of: node), isEndpointName(name) else { return nil }
        return name
    }

    private static func endpointName(_ name: String, orType node: Syntax) -> String? {
        if isEndpointName(name) { return name }
        var current = node.parent
        while let node = current {
            if let type = node.as(EnumDeclSyntax.self) {
                return isEndpointName(type.name.text) || type.name.text.hasSuffix("Environment") ? type.name.text : nil
            }
            current = node.parent
        }
        return nil
    }

    /// The computed property or function a `return` (or a getter's single expression) gives its value to.
    private static func returnedName(from node: Syntax) -> String? {
        var current = node.parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) { return nil }
            if let function = node.as(FunctionDeclSyntax.self) {
                return isEndpointName(function.name.text) ? function.name.text : nil
            }
            if let binding = node.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                return isEndpointName(name) ? name : nil
            }
            current = node.parent
        }
        return nil
    }

    static func isEndpointName(_ name: String) -> Bool {
        ScanSecretName.words(of: name).contains(where: endpointWords.contains)
    }
}
