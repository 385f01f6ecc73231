/// RS-NET-001 in Objective-C: an `http://` string literal in code (not a comment), high when it reaches a URL
/// (`URLWithString:`, `initWithString:`, `requestWithURL:`, directly or through a constant), medium for other
/// literals. XML namespaces and schema URLs never fire; `localhost` and `127.0.0.1` are info.
struct ObjectiveCCleartextHTTPURLRule: ObjectiveCRule {
    /// Selector parts and functions that turn a string into a URL or a request.
    static let urlSinks: Set<String> = [
        "URLWithString", "initWithString", "requestWithURL", "initWithURL", "fileURLWithPath", "CFURLCreateWithString",
        "openURL", "loadRequest", "dataTaskWithURL", "downloadTaskWithURL", "GET", "POST", "PUT", "DELETE",
        "baseURL", "initWithBaseURL", "URLString",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let urlConstants = Set(
            source.tokens.indices.compactMap { index -> String? in
                guard source.tokens[index].kind == .identifier, index > 1, source.tokens[index - 1].text == ":",
                    Self.urlSinks.contains(source.tokens[index - 2].text)
                else { return nil }
                return source.tokens[index].text
            })
        for (name, value) in source.constants {
            for token in value where token.kind == .string || token.kind == .objectiveCString {
                if let finding = judge(token, source: source, inURL: urlConstants.contains(name), constant: name) {
                    findings.append(finding)
                }
            }
        }
        for (index, token) in source.tokens.enumerated()
        where token.kind == .string || token.kind == .objectiveCString {
            let before = index > 0 ? source.tokens[index - 1].text : ""
            let sink = index > 1 && before == ":" ? source.tokens[index - 2].text : ""
            let function = index > 1 && before == "(" ? source.tokens[index - 2].text : ""
            var inURL = Self.urlSinks.contains(sink) || Self.urlSinks.contains(function)
            // `NSString *base = @"http://…";` whose name later reaches a URL sink.
            if before == "=", index > 1, urlConstants.contains(source.tokens[index - 2].text) { inURL = true }
            if let finding = judge(
                token, source: source, inURL: inURL, constant: nil,
                previous: index > 1 ? source.tokens[index - 2].text : "")
            {
                findings.append(finding)
            }
        }
        var seen = Set<[Int]>()
        return findings.filter { seen.insert([$0.line, $0.column]).inserted }
    }

    func judge(
        _ token: ObjectiveCToken, source: ObjectiveCSource, inURL: Bool, constant: String?, previous: String = ""
    ) -> ScanFinding? {
        guard let value = token.stringValue, value.lowercased().hasPrefix("http://") else { return nil }
        let rest = value.dropFirst("http://".count)
        let kind = CleartextURL.kind(of: value)
        if kind == .identifier { return nil }
        if previous.lowercased().contains("xmlns") || previous.lowercased().contains("namespace") { return nil }
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "%" }
        let url = CleartextURL.shown(value)
        let through = constant.map { " through the constant \($0)" } ?? ""
        if kind == .loopback {
            return source.finding(
                .cleartextHTTPURL, at: token,
                "cleartext URL \(url) to the local host\(through) (fine in development only)",
                severity: .info)
        }
        if host.isEmpty || host.allSatisfy({ $0 == "%" || $0 == "@" }) { return nil }
        if inURL {
            return source.finding(.cleartextHTTPURL, at: token, "request to cleartext URL \(url)\(through)")
        }
        return source.finding(
            .cleartextHTTPURL, at: token, "cleartext URL \(url) in code\(through)", severity: .medium)
    }
}
