/// RS-NET-008 in Objective-C: in a file whose requests carry an `Authorization` header, a disk URL cache set up
/// (`URLCache = [[NSURLCache alloc] init…diskCapacity:…]`) or a cache policy that serves stored responses
/// (`NSURLRequestReturnCacheDataElseLoad`, `…DontLoad`); with neither written and the cache never turned off
/// (`URLCache = nil`, a reload-ignoring policy, `willCacheResponse:`, an ephemeral session), the header line
/// itself, as the default shared cache then stores authenticated responses in `Cache.db`.
struct ObjectiveCURLCacheForAuthenticatedRule: ObjectiveCRule {
    static let cacheOff: Set<String> = [
        "NSURLRequestReloadIgnoringLocalCacheData", "NSURLRequestReloadIgnoringCacheData",
        "NSURLRequestReloadIgnoringLocalAndRemoteCacheData", "willCacheResponse", "ephemeralSessionConfiguration",
        "NSURLCacheStorageNotAllowed", "removeAllCachedResponses",
    ]
    static let servesStored: Set<String> = [
        "NSURLRequestReturnCacheDataElseLoad", "NSURLRequestReturnCacheDataDontLoad",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        let tokens = source.tokens
        let header = tokens.indices.first { index in
            tokens[index].text == "forHTTPHeaderField"
                && source.selectorArgument(at: index).map { range in
                    tokens[range].contains { $0.stringValue?.caseInsensitiveCompare("Authorization") == .orderedSame }
                } == true
        }
        guard let header else { return [] }
        var findings: [ScanFinding] = []
        for (index, token) in tokens.enumerated() {
            if Self.servesStored.contains(token.text) {
                findings.append(
                    source.finding(
                        .urlCacheForAuthenticated, at: token,
                        "\(token.text) serves stored responses, and this file's requests carry an Authorization header")
                )
            } else if token.text == "diskCapacity", let argument = source.selectorArgument(at: index),
                tokens[argument].map(\.text) != ["0"],
                let start = Optional(max(source.statementStart(of: index), index - 64)),
                tokens[start..<index].contains(where: {
                    $0.text == "URLCache" || $0.text == "setURLCache" || $0.text == "setSharedURLCache"
                })
            {
                findings.append(
                    source.finding(
                        .urlCacheForAuthenticated, at: tokens[start],
                        "a disk URL cache is set up for requests that carry an Authorization header: authenticated "
                            + "responses are stored in Cache.db"))
            }
        }
        guard findings.isEmpty else { return findings }
        let disablesCache =
            tokens.contains { Self.cacheOff.contains($0.text) }
            || tokens.indices.contains { index in
                ["URLCache", "setURLCache"].contains(tokens[index].text) && index + 2 < tokens.count
                    && ["=", ":"].contains(tokens[index + 1].text) && ["nil", "NULL"].contains(tokens[index + 2].text)
            }
        guard !disablesCache else { return [] }
        return [
            source.finding(
                .urlCacheForAuthenticated, at: tokens[header],
                "requests carry an Authorization header and this file never turns the URL cache off: "
                    + "authenticated responses are stored in Cache.db")
        ]
    }
}
