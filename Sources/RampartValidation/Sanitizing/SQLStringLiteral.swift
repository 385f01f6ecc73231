// The last line of defence for SQL: a string literal with its quotes doubled. The first line is a

import Foundation

// parameterised query, shown beside it.

/// Quotes text as a standard SQL string literal (`'` doubled, NUL refused).
///
/// **This is the last line of defence.** The first is a parameterised query, where the value never
/// becomes SQL text at all:
///
/// ```swift
/// // First: bind the value (SQLite, GRDB, PostgresNIO…).
/// try db.execute(sql: "SELECT * FROM users WHERE name = ?", arguments: [name])
///
/// // Last: only where a literal must be written (a generated migration, a log line for a DBA).
/// let sql = "SELECT * FROM users WHERE name = " + (try SQLStringLiteral.quote(name))
/// // O'Brien → 'O''Brien'
/// ```
///
/// Standard quoting assumes a server that treats backslashes as ordinary characters (SQLite,
/// PostgreSQL with `standard_conforming_strings`, MySQL with `NO_BACKSLASH_ESCAPES`).
public enum SQLStringLiteral {
    /// Why a value cannot be quoted.
    public enum Refusal: Error, Sendable, Hashable {
        /// A NUL character, which many servers end a string at.
        case nulCharacter
    }

    /// `'…'` with every `'` doubled.
    public static func quote(_ text: String) throws(Refusal) -> String {
        guard !text.unicodeScalars.contains("\0") else { throw .nulCharacter }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
