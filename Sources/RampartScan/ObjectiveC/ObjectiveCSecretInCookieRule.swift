/// RS-STORAGE-005 in Objective-C: `[NSHTTPCookie cookieWithProperties:]` for a cookie whose name or value says it
/// is a session or token, built without `NSHTTPCookieSecure` (or persisted with `NSHTTPCookieExpires`).
struct ObjectiveCSecretInCookieRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.text == "cookieWithProperties" {
            // A dictionary literal argument is the whole cookie; a variable was filled earlier in the method.
            let scope: Range<Int>
            if let argument = source.selectorArgument(at: index), argument.count >= 2,
                tokens[argument.lowerBound].text == "@",
                let close = source.partner[argument.lowerBound + 1], close - argument.lowerBound <= 512
            {
                scope = argument.lowerBound..<(close + 1)
            } else {
                let body = source.bodyRange(around: index)
                scope = max(body.lowerBound, index - 512)..<min(body.upperBound, source.statementEnd(after: index) + 1)
            }
            var name: String?
            // The cookie's name when it says secret, else its value's variable.
            for position in scope
            where name == nil
                && (tokens[position].text == "NSHTTPCookieName" || tokens[position].text == "NSHTTPCookieValue")
            {
                let window = tokens[(position + 1)..<min(scope.upperBound, position + 6)]
                if let literal = window.first(where: { $0.stringValue != nil })?.stringValue,
                    ScanSecretName.isSecret(literal)
                        || ["session", "sid", "auth", "jwt"].contains(where: literal.lowercased().contains)
                {
                    name = literal
                } else if let sensitive = ObjectiveCSecretName.first(in: window) {
                    name = sensitive
                }
            }
            guard let name else { continue }
            let secure = source.contains(["NSHTTPCookieSecure"], in: scope)
            let persisted = source.contains(["NSHTTPCookieExpires", "NSHTTPCookieMaximumAge"], in: scope)
            guard !secure || persisted else { continue }
            let why =
                !secure
                ? "without NSHTTPCookieSecure (sent over cleartext too)" : "persisted to disk (NSHTTPCookieExpires)"
            findings.append(source.finding(.secretInCookie, at: token, "cookie \(name) holds a secret \(why)"))
        }
        return findings
    }
}
