/// What an `http://` URL written in an app is: an identifier that nothing fetches (an XML namespace, a schema,
/// a DTD, a metadata vocabulary), a loopback or local-network address (fine in development), or a cleartext
/// request to a real host. The one list RS-NET-001's Swift, Objective-C and binary detectors share.
///
/// ```swift
/// CleartextURL.kind(of: "http://www.w3.org/2000/svg")          // .identifier
/// CleartextURL.kind(of: "http://localhost:8080/api")           // .loopback
/// CleartextURL.kind(of: "http://api.example.com/v1/orders")    // .remote
/// ```
enum CleartextURL {
    enum Kind: Equatable {
        case identifier, loopback, remote
    }

    /// Hosts, or host/path prefixes, of identifiers: `http://` names that are compared, never requested.
    static let identifierPrefixes = [
        "www.w3.org", "w3.org", "www.apple.com/dtds", "apple.com/dtds", "purl.org", "ns.adobe.com", "json-schema.org",
        "xmlns.com", "schemas.xmlsoap.org", "schemas.microsoft.com", "schemas.openxmlformats.org",
        "schemas.android.com", "www.opengis.net", "docs.oasis-open.org", "relaxng.org", "xml.org", "www.xml.org",
        "ogp.me", "schema.org", "www.idpf.org", "search.yahoo.com", "ns.useplus.org", "iptc.org/std", "cipa.jp/exif",
    ]
    /// Host prefixes that only name schemas.
    static let identifierHostPrefixes = ["schemas.", "xmlns."]
    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "10.0.2.2"]

    /// The host of an `http://` URL, lower-cased, without port or user info; `[::1]` keeps its brackets.
    static func host(of url: some StringProtocol) -> String {
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        if hostAndPort.hasPrefix("[") { return String(hostAndPort.prefix { $0 != "]" } + "]").lowercased() }
        return String(hostAndPort.prefix { $0 != ":" }).lowercased()
    }

    /// `url` as a report's message may quote it: without the user name and password before its host, and with
    /// the value of each query parameter and the fragment replaced by `…` (a request's URL often carries a token
    /// or a password there), then cut to `limit` characters.
    ///
    /// ```swift
    /// CleartextURL.shown("http://admin:pw@api.example.com/v1?key=abc&page=2")   // "http://api.example.com/v1?key=…&page=…"
    /// ```
    static func shown(_ url: some StringProtocol, limit: Int = 120) -> String {
        guard let schemeEnd = url.range(of: "://") else { return String(url.prefix(limit)) }
        var result = String(url[..<schemeEnd.upperBound])
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        result += authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        var tail = rest[authorityEnd...]
        var fragment = false
        if let hash = tail.firstIndex(of: "#") {
            fragment = true
            tail = tail[..<hash]
        }
        if let question = tail.firstIndex(of: "?") {
            result += tail[..<question] + "?"
            let parameters = tail[tail.index(after: question)...].split(
                separator: "&", omittingEmptySubsequences: false)
            result += parameters.map { parameter in
                guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
                return String(parameter[...equals]) + "…"
            }.joined(separator: "&")
        } else {
            result += tail
        }
        if fragment { result += "#…" }
        return result.count > limit ? String(result.prefix(limit)) + "…" : result
    }

    /// Whether `line` holds a URL of any scheme with user information (`https://user:password@host`,
    /// `https://TOKEN@host`): a credential, so the line is masked wherever a report shows it.
    static func hasCredentials(_ line: some StringProtocol) -> Bool {
        var rest = Substring(line)
        while let separator = rest.range(of: "://") {
            let authority = rest[separator.upperBound...].prefix { !"/?#\"'<>` \t".contains($0) }
            if authority.contains("@") { return true }
            rest = rest[separator.upperBound...]
        }
        return false
    }

    static func kind(of url: some StringProtocol) -> Kind {
        let rest = url.dropFirst("http://".count).lowercased()
        let isIdentifier = identifierPrefixes.contains { prefix in
            rest.hasPrefix(prefix)
                && (rest.count == prefix.count
                    || "/?#:".contains(rest[rest.index(rest.startIndex, offsetBy: prefix.count)]))
        }
        let host = host(of: url)
        if isIdentifier || identifierHostPrefixes.contains(where: { host.hasPrefix($0) }) { return .identifier }
        if loopbackHosts.contains(host) || host.hasSuffix(".local") { return .loopback }
        return .remote
    }
}
