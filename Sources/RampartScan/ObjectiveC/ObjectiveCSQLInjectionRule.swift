import Foundation

/// RS-CODE-001 in Objective-C: `sqlite3_exec`/`sqlite3_prepare…` or FMDB's `executeQuery:`/`executeUpdate:` given
/// SQL built with `stringWithFormat:`/`stringByAppendingString:` (directly, or through a local variable)
/// instead of `?` placeholders bound with `sqlite3_bind_…`.
struct ObjectiveCSQLInjectionRule: ObjectiveCRule {
    static let builders: Set<String> = [
        "stringWithFormat", "initWithFormat", "stringByAppendingString", "stringByAppendingFormat", "appendFormat",
        "appendString",
    ]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        // Where SQL is built from values is reported there; a sink is reported when it builds the SQL itself,
        // or takes a variable built some other way (a format that does not start like SQL).
        var findings = builtSQL(in: source)
        let builtLines = Set(findings.map(\.line))
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let sql: Range<Int>?
            switch token.text {
            case "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16_v2":
                sql = source.callArguments(at: index).dropFirst().first
            case "executeQuery", "executeUpdate", "executeStatements":
                sql = source.messageStart(around: index) == nil ? nil : source.selectorArgument(at: index)
            default:
                continue
            }
            guard let sql, !sql.isEmpty else { continue }
            if let builder = sql.first(where: { Self.builders.contains(tokens[$0].text) }) {
                guard !builtLines.contains(tokens[builder].line) else { continue }
                findings.append(
                    source.finding(
                        .sqlInjection, at: token,
                        "\(token.text) runs SQL built with \(tokens[builder].text): bind values with ? and sqlite3_bind_*"
                    ))
                continue
            }
            let names = tokens[sql].filter { $0.kind == .identifier && !["UTF8String", "NSString"].contains($0.text) }
            guard names.count == 1, let name = names.first,
                let builder = builder(of: name.text, before: index, in: source),
                !builtLines.contains(tokens[builder].line)
            else { continue }
            findings.append(
                source.finding(
                    .sqlInjection, at: token,
                    "\(token.text) runs SQL that \(name.text) built with \(tokens[builder].text) on line "
                        + "\(tokens[builder].line): bind values with ? and sqlite3_bind_*"))
        }
        return findings.sorted { $0.line < $1.line }
    }

    /// The builder token of the statement that gave the local `name` its text (`name = [NSString
    /// stringWithFormat:…]`, `[name appendFormat:…]`) before `index` in the same body.
    func builder(of name: String, before index: Int, in source: ObjectiveCSource) -> Int? {
        let tokens = source.tokens
        for position in source.occurrences(of: name, before: index) where position + 1 < index {
            let next = tokens[position + 1].text
            if next == "=" {
                let statement = position..<source.statementEnd(after: position)
                if let builder = statement.first(where: { Self.builders.contains(tokens[$0].text) }) { return builder }
            } else if Self.builders.contains(next) {
                return position + 1
            }
        }
        return nil
    }

    /// Statements that build SQL text from values: a format whose literal is a SQL statement and splices in an
    /// object or C string (`%@`, `%s`; numbers such as `%ld` cannot inject), or a SQL literal appended to.
    func builtSQL(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where Self.builders.contains(token.text) {
            guard index + 1 < tokens.count, tokens[index + 1].text == ":",
                let message = source.messageStart(around: index), let close = source.partner[message],
                close - message <= ObjectiveCSource.statementLimit
            else { continue }
            let literals = tokens[message..<close].compactMap(\.stringValue)
            guard let sql = literals.first(where: Self.looksLikeSQL) else { continue }
            let formats = token.text.contains("Format")
            let spliced =
                formats
                ? literals.contains { $0.contains("%@") || $0.contains("%s") }
                : source.selectorArgument(at: index).map { range in !tokens[range].contains { $0.stringValue != nil } }
                    == true
            guard spliced else { continue }
            let statement = sql.split(separator: " ").first.map(String.init)?.uppercased() ?? "SQL"
            findings.append(
                source.finding(
                    .sqlInjection, at: token,
                    "\(statement) statement built with \(token.text): values are spliced into the SQL text; use ? "
                        + "placeholders and sqlite3_bind_*"))
        }
        return findings
    }

    /// A SQL statement: starts with a SQL verb and has the clause that goes with it.
    static func looksLikeSQL(_ text: String) -> Bool {
        let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
        let verbs = ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "REPLACE "]
        guard verbs.contains(where: upper.hasPrefix) else { return false }
        return [" FROM ", " INTO ", " SET ", " WHERE ", " VALUES"].contains(where: upper.contains)
    }
}
