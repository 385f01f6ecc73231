import Foundation

/// RS-CODE-001 in Objective-C: SQL built with `stringWithFormat:` / `stringByAppendingString:` (and their
/// kin) from a value, that reaches code that runs it — `sqlite3_exec` / `sqlite3_prepare…`, FMDB
/// `executeQuery:` / `executeUpdate:` / `executeStatements:`, or the app's own helper whose selector names SQL
/// (`rowsForQuery:`, `prepareStatement:withString:`) — directly or through a local variable. A format whose
/// text pieces (`%@`, `%s`) are all fixed (``ObjectiveCSQLFixedPiece``: constants, table and column names,
/// placeholders) and whose other conversions are numbers (`%d`, `%ld`, `%lu`, `%f`) splices no input; a log line
/// that starts with "Delete" reaches no sink. Reported at the builder when its text is SQL, else at the sink.
struct ObjectiveCSQLInjectionRule: ObjectiveCRule {
    static let builders: Set<String> = [
        "stringWithFormat", "initWithFormat", "stringByAppendingString", "stringByAppendingFormat", "appendFormat",
        "appendString",
    ]
    static let sqliteFunctions: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16_v2",
    ]
    static let fmdbSelectors: Set<String> = ["executeQuery", "executeUpdate", "executeStatements"]
    /// Names that do not change the SQL text they wrap.
    static let wrappers: Set<String> = ["UTF8String", "NSString", "cStringUsingEncoding", "NSUTF8StringEncoding"]

    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        var seen: Set<Int> = []
        let tokens = source.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            for sql in sqlArguments(at: index, in: source) where !sql.isEmpty {
                let variable: ObjectiveCToken?
                let builder: Int
                if let direct = sql.first(where: { isBuilder($0, in: source) }) {
                    (variable, builder) = (nil, direct)
                } else {
                    let names = tokens[sql].filter { $0.kind == .identifier && !Self.wrappers.contains($0.text) }
                    guard names.count == 1, let name = names.first,
                        let found = self.builder(of: name.text, before: index, in: source)
                    else { continue }
                    (variable, builder) = (name, found)
                }
                guard seen.insert(builder).inserted, let piece = splicedValue(builder: builder, in: source) else {
                    continue
                }
                findings.append(finding(builder: builder, piece: piece, sink: token, variable: variable, in: source))
            }
        }
        return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The token ranges of SQL that the name at `index` runs: the second argument of `sqlite3_exec` /
    /// `sqlite3_prepare…`, FMDB's SQL argument, or every argument of a message whose selector names SQL.
    func sqlArguments(at index: Int, in source: ObjectiveCSource) -> [Range<Int>] {
        let tokens = source.tokens
        let name = tokens[index].text
        if Self.sqliteFunctions.contains(name) {
            return source.callArguments(at: index).dropFirst().first.map { [$0] } ?? []
        }
        guard index + 1 < tokens.count, tokens[index + 1].text == ":", let message = source.messageStart(around: index),
            message != index, let close = source.partner[message]
        else { return [] }
        if Self.fmdbSelectors.contains(name) { return source.selectorArgument(at: index).map { [$0] } ?? [] }
        let lowered = name.lowercased()
        guard ["query", "sql", "statement"].contains(where: lowered.contains) else { return [] }
        // Each selector part of this message (not of a nested one) gives one argument.
        return (message + 1..<close).compactMap { part in
            guard tokens[part].kind == .identifier, part + 1 < close, tokens[part + 1].text == ":",
                source.messageStart(around: part) == message
            else { return nil }
            return source.selectorArgument(at: part)
        }
    }

    private func isBuilder(_ index: Int, in source: ObjectiveCSource) -> Bool {
        index + 1 < source.tokens.count && Self.builders.contains(source.tokens[index].text)
            && source.tokens[index + 1].text == ":"
    }

    /// The builder token of the statement that gave the local `name` its text (`name = [NSString
    /// stringWithFormat:…]`, `[name appendFormat:…]`) before `index` in the same body.
    func builder(of name: String, before index: Int, in source: ObjectiveCSource) -> Int? {
        let tokens = source.tokens
        for position in source.occurrences(of: name, before: index) where position + 1 < index {
            let next = tokens[position + 1].text
            if next == "=" {
                let statement = position..<source.statementEnd(after: position)
                if let builder = statement.first(where: { isBuilder($0, in: source) }) { return builder }
            } else if Self.builders.contains(next) {
                return position + 1
            }
        }
        return nil
    }

    /// The text of the first piece the builder at `builder` splices that may carry input, or nil: for a format,
    /// each argument of a text conversion (`%@`, `%s`) that is not fixed (number conversions cannot carry SQL);
    /// for an append, its argument unless fixed.
    func splicedValue(builder: Int, in source: ObjectiveCSource) -> String? {
        let tokens = source.tokens
        guard let argument = source.selectorArgument(at: builder) else { return nil }
        guard tokens[builder].text.contains("Format") else {
            return ObjectiveCSQLFixedPiece.isFixed(argument, in: source) ? nil : text(argument, in: source)
        }
        // The format's arguments follow it up to the message's `]`, past the commas that end a selector argument.
        let end = source.messageStart(around: builder).flatMap { source.partner[$0] } ?? argument.upperBound
        let parts = source.split(argument.lowerBound..<max(end, argument.upperBound), at: ",")
        guard let formatPart = parts.first else { return nil }
        let formatTokens = tokens[formatPart]
        guard formatTokens.allSatisfy({ $0.stringValue != nil }) else {
            return ObjectiveCSQLFixedPiece.isFixed(formatPart, in: source) ? nil : text(formatPart, in: source)
        }
        let conversions = FormatSpecifiers.conversions(in: formatTokens.compactMap(\.stringValue).joined())
        for (position, part) in parts.dropFirst().enumerated() {
            if position < conversions.count, conversions[position] == .number { continue }
            if ObjectiveCSQLFixedPiece.isFixed(part, in: source) { continue }
            return text(part, in: source)
        }
        return nil
    }

    private func finding(
        builder: Int, piece: String, sink: ObjectiveCToken, variable: ObjectiveCToken?, in source: ObjectiveCSource
    ) -> ScanFinding {
        let tokens = source.tokens
        let builderName = tokens[builder].text
        let fix = "use ? placeholders and bind it (sqlite3_bind_*, FMDB withArgumentsInArray:)"
        if let message = source.messageStart(around: builder), let close = source.partner[message],
            close - message <= ObjectiveCSource.statementLimit,
            let sql = tokens[message..<close].compactMap(\.stringValue).first(where: Self.looksLikeSQL)
        {
            let statement = sql.split(separator: " ").first.map(String.init)?.uppercased() ?? "SQL"
            return source.finding(
                .sqlInjection, at: tokens[builder],
                "\(statement) statement built with \(builderName) splices `\(piece)` into SQL that reaches "
                    + "\(sink.text): \(fix)")
        }
        let through =
            variable.map { " that \($0.text) built with \(builderName) on line \(tokens[builder].line)" } ?? ""
        return source.finding(
            .sqlInjection, at: sink,
            "\(sink.text) runs SQL\(through) splicing `\(piece)` (\(builderName)): \(fix)")
    }

    private func text(_ range: Range<Int>, in source: ObjectiveCSource) -> String {
        let text = source.tokens[range].map(\.text).joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    /// A SQL statement: starts with a SQL verb and has the clause that goes with it.
    static func looksLikeSQL(_ text: String) -> Bool {
        let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
        let verbs = ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "REPLACE ", "CREATE ", "DROP ", "ALTER "]
        guard verbs.contains(where: upper.hasPrefix) else { return false }
        return [" FROM ", " INTO ", " SET ", " WHERE ", " VALUES", " TABLE ", " INDEX "].contains(where: upper.contains)
    }
}
