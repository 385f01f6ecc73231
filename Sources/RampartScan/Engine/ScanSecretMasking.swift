/// The source lines of a finding that quotes a credential — a hard-coded key or password (RS-CRYPTO-003) or a
/// hard-coded API key or token (RS-CRYPTO-007) — are shown with every string literal on them masked the way
/// the rule's message masks the value (first and last four characters), so a report that is handed around,
/// uploaded as SARIF or kept in CI logs never carries the secret it found.
///
/// Masked: the contents of `"…"` literals (Swift, Objective-C `@"…"`, C) and of plist `<string>`/`<data>`
/// elements. The rest of the line stays as written, so the reader still sees where the secret is.
enum ScanSecretMasking {
    static let ruleIDs: Set<String> = [ScanRule.hardCodedKey.id, ScanRule.hardCodedSecret.id]

    /// `finding` with its snippet and excerpt masked when its rule quotes a secret; unchanged otherwise.
    static func masking(_ finding: ScanFinding) -> ScanFinding {
        guard ruleIDs.contains(finding.ruleID) else { return finding }
        var finding = finding
        finding.snippet = finding.snippet.map(masked)
        if var excerpt = finding.excerpt {
            excerpt.lines = excerpt.lines.map(masked)
            finding.excerpt = excerpt
        }
        return finding
    }

    /// `line` with the contents of its string literals and plist string/data elements masked.
    static func masked(_ line: String) -> String {
        maskedElements(in: maskedQuotes(in: line))
    }

    private static func maskedQuotes(in line: String) -> String {
        var result = ""
        var literal: String? = nil
        var escaped = false
        for character in line {
            if var open = literal {
                if escaped {
                    escaped = false
                    open.append(character)
                    literal = open
                } else if character == "\\" {
                    escaped = true
                    open.append(character)
                    literal = open
                } else if character == "\"" {
                    result += KnownSecrets.redacted(open) + "\""
                    literal = nil
                } else {
                    open.append(character)
                    literal = open
                }
            } else {
                result.append(character)
                if character == "\"" { literal = "" }
            }
        }
        if let open = literal { result += KnownSecrets.redacted(open) }
        return result
    }

    private static func maskedElements(in line: String) -> String {
        var result = line
        for tag in ["string", "data"] {
            var searchStart = result.startIndex
            while let open = result.range(of: "<\(tag)>", range: searchStart..<result.endIndex) {
                let close = result.range(of: "</\(tag)>", range: open.upperBound..<result.endIndex)
                let contentEnd = close?.lowerBound ?? result.endIndex
                let content = String(result[open.upperBound..<contentEnd])
                let replacement = content.isEmpty ? "" : KnownSecrets.redacted(content)
                result.replaceSubrange(open.upperBound..<contentEnd, with: replacement)
                let next = result.index(open.upperBound, offsetBy: replacement.count)
                guard let after = result.range(of: "</\(tag)>", range: next..<result.endIndex) else { break }
                searchStart = after.upperBound
            }
        }
        return result
    }
}
