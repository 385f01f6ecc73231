/// Lines of a scanned file that hold a secret are shown masked in every finding's snippet and excerpt, whatever
/// the finding's rule, so a report that is handed around, uploaded as SARIF or kept in CI logs never carries a
/// secret: not the one a secret rule found, nor a token two lines from a cleartext-URL finding.
///
/// A line holds a secret when a finding of a rule that quotes one — a hard-coded key or password (RS-CRYPTO-003)
/// or a hard-coded API key or token (RS-CRYPTO-007) — is on it, when it lies inside the multi-line `"""` literal
/// such a finding starts, when it holds a token of a known vendor's shape (``KnownSecrets``) wherever on the
/// line, or a URL with a user name or password (``CleartextURL/hasCredentials(_:)``). ``ScanSourceLines`` finds
/// them once per file.
///
/// Masked on such a line: the contents of `"…"` literals (Swift, Objective-C `@"…"`, C), of plist
/// `<string>`/`<data>` elements, and known tokens anywhere, each shown as ``KnownSecrets/redacted(_:)`` shows
/// it; a line inside a multi-line literal is masked whole but for its indentation. The rest stays as written,
/// so the reader still sees where the secret is.
enum ScanSecretMasking {
    static let ruleIDs: Set<String> = [ScanRule.hardCodedKey.id, ScanRule.hardCodedSecret.id]

    /// `line` with the contents of its string literals and plist string/data elements masked, and any known
    /// token left outside them.
    static func masked(_ line: String) -> String {
        maskedTokens(in: maskedElements(in: maskedQuotes(in: line)))
    }

    /// `line`, a line inside a multi-line string literal, masked whole but for its indentation and a closing
    /// `"""` and what follows it.
    static func maskedLiteralLine(_ line: String) -> String {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let rest = line[indentation.endIndex...]
        let close = rest.range(of: "\"\"\"")
        let content = rest[..<(close?.lowerBound ?? rest.endIndex)]
        let masked = content.isEmpty ? "" : KnownSecrets.redacted(String(content))
        return String(indentation) + masked + (close.map { String(rest[$0.lowerBound...]) } ?? "")
    }

    /// `line` with every known token in it shown redacted.
    static func maskedTokens(in line: String) -> String {
        var result = line
        for (_, secret) in KnownSecrets.secrets(in: line) {
            result = result.replacingOccurrences(of: secret, with: KnownSecrets.redacted(secret))
        }
        return result
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
                    result += (open.isEmpty ? "" : KnownSecrets.redacted(open)) + "\""
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
        if let open = literal, !open.isEmpty { result += KnownSecrets.redacted(open) }
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
