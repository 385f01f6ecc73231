/// The names RS-CODE-001 takes for pieces of SQL that carry no input: names that say they hold an
/// identifier (`episodeTableName`, `Self.tableName`, `Column.uuid`, a `columnName` parameter) or a placeholder
/// list (`placeholders`, `valuesQuestionMarks(amount:)`). Identifiers cannot be bound as parameters, so the
/// rule's fix would not apply to them; a name is what it says (syntax only), so the list is kept to names that
/// leave no doubt: a bare `name`, `value`, `text` or `filter` is never one of them.
///
/// ```swift
/// SQLFixedName.isIdentifier("podcastTableName")  // true
/// SQLFixedName.isIdentifier("searchText")        // false
/// ```
enum SQLFixedName {
    /// Endings of a name (compared lowercased) that holds a table, column, index or view name.
    static let identifierEndings = [
        "tablename", "tablenames", "columnname", "columnnames", "fieldname", "fieldnames", "indexname", "viewname",
    ]
    /// Whole names (compared lowercased) that hold identifiers: `table`, `Column.uuid`'s `Column`.
    static let identifierNames: Set<String> = ["table", "tables", "column", "columns", "field", "fields"]
    /// Parts of a name (compared lowercased) that hold a list of `?` placeholders.
    static let placeholderParts = ["placeholder", "questionmark"]

    /// Whether `name` says it holds an SQL identifier (a table, column or index name).
    static func isIdentifier(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return identifierNames.contains(lowered) || identifierEndings.contains { lowered.hasSuffix($0) }
    }

    /// Whether `name` says it holds `?` placeholders.
    static func isPlaceholder(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return placeholderParts.contains { lowered.contains($0) }
    }

    /// Whether `text` (a literal) is only a list of `?` placeholders: `?`, `?, `, `(?, ?)`.
    static func isPlaceholderText(_ text: String) -> Bool {
        text.contains("?") && text.allSatisfy { "?,() ".contains($0) }
    }
}
