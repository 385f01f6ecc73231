/// RS-PLATFORM-002 in Objective-C: `loadHTMLString:`, `evaluateJavaScript:` or
/// `stringByEvaluatingJavaScriptFromString:` given a string built at run time (`stringWithFormat:`,
/// `stringByAppendingString:`, or a variable), not a literal.
struct ObjectiveCWebViewHTMLFromInputRule: ObjectiveCRule {
    static let sinks: Set<String> = ["loadHTMLString", "evaluateJavaScript", "stringByEvaluatingJavaScriptFromString"]
    static let builders: Set<String> = [
        "stringWithFormat", "initWithFormat", "stringByAppendingString", "stringByAppendingFormat",
        "stringByReplacingOccurrencesOfString",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where Self.sinks.contains(token.text) {
            guard let argument = source.selectorArgument(at: index), !argument.isEmpty else { continue }
            let value = source.resolved(argument)
            let built = value.contains { Self.builders.contains($0.text) }
            guard built else { continue }
            let inputs = value.filter {
                $0.kind == .identifier && !Self.builders.contains($0.text) && $0.text != "NSString"
            }
            findings.append(
                source.finding(
                    .webViewHTMLFromInput, at: token,
                    "\(token.text): gets markup built with \(inputs.map(\.text).prefix(3).joined(separator: ", ")) "
                        + "spliced in, unescaped"))
        }
        return findings
    }
}
