/// RS-NET-003 in Objective-C: `SecTrustEvaluate(trust, &result)` whose `result` is never read afterwards in the
/// method, and `SecTrustEvaluateWithError(trust, …)` called as a statement (its Boolean thrown away).
struct ObjectiveCTrustResultIgnoredRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let arguments = source.callArguments(at: index)
            guard !arguments.isEmpty else { continue }
            let before = index > 0 ? tokens[index - 1].text : ";"
            let discarded =
                [";", "{", "}"].contains(before) || (before == ")" && index > 1 && tokens[index - 2].text == "void")
            switch token.text {
            case "SecTrustEvaluate" where arguments.count == 2:
                let result = arguments[1].first { tokens[$0].kind == .identifier }.map { tokens[$0].text }
                guard let result, let close = source.partner[index + 1] else { continue }
                let body = source.bodyRange(around: index)
                let after = close..<min(body.upperBound, close + ObjectiveCSource.statementLimit * 4)
                let readLater = after.contains { tokens[$0].text == result }
                if !readLater {
                    findings.append(
                        source.finding(
                            .trustResultIgnored, at: token,
                            "SecTrustEvaluate stores its verdict in \(result), which is never read: any trust passes"))
                }
            case "SecTrustEvaluateWithError", "SecTrustEvaluateAsyncWithError":
                if discarded && token.text == "SecTrustEvaluateWithError" {
                    findings.append(
                        source.finding(
                            .trustResultIgnored, at: token,
                            "the Boolean SecTrustEvaluateWithError returns is thrown away: any trust passes"))
                }
            default:
                continue
            }
        }
        return findings
    }
}
