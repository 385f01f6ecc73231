import Foundation
import GRDB

/// The values of one row, read without trusting their types: anyone can edit a vault file, and
/// GRDB's typed subscripts stop the process on a value of the wrong type (`'abc'` where an integer
/// belongs). Each read checks the value's SQLite storage class and throws `damaged`, naming the
/// table and column, when it is not what the vault writes.
///
/// ```swift
/// let values = StoredValues(row, table: "vault_meta", columns: ["format_version"], path: path)
/// let version = try values.integer(0)
/// ```
struct StoredValues {
    private let values: [DatabaseValue]
    private let columns: [String]
    private let table: String
    private let path: String

    /// `columns` names the row's columns in order, for messages.
    init(_ row: Row, table: String, columns: [String], path: String) {
        values = Array(row.databaseValues)
        self.columns = columns
        self.table = table
        self.path = path
    }

    func integer(_ index: Int) throws(VaultError) -> Int {
        guard case .int64(let value) = try value(index).storage, let integer = Int(exactly: value) else {
            throw wrongType(index, expected: "an integer")
        }
        return integer
    }

    func blob(_ index: Int) throws(VaultError) -> Data {
        guard case .blob(let data) = try value(index).storage else { throw wrongType(index, expected: "a blob") }
        return data
    }

    /// A blob, or `nil` for NULL.
    func optionalBlob(_ index: Int) throws(VaultError) -> Data? {
        switch try value(index).storage {
        case .null: return nil
        case .blob(let data): return data
        default: throw wrongType(index, expected: "a blob or NULL")
        }
    }

    func text(_ index: Int) throws(VaultError) -> String {
        guard case .string(let text) = try value(index).storage else { throw wrongType(index, expected: "text") }
        return text
    }

    private func value(_ index: Int) throws(VaultError) -> DatabaseValue {
        guard values.indices.contains(index) else {
            throw .damaged("\(path): the \(table) table lacks the \(name(index)) column; the file is damaged")
        }
        return values[index]
    }

    private func name(_ index: Int) -> String { columns.indices.contains(index) ? columns[index] : "#\(index)" }

    private func wrongType(_ index: Int, expected: String) -> VaultError {
        let found: String
        switch values[index].storage {
        case .null: found = "NULL"
        case .int64: found = "an integer"
        case .double: found = "a real number"
        case .string: found = "text"
        case .blob: found = "a blob"
        }
        return .damaged(
            VaultErrorContext(
                "\(path): \(table).\(name(index)) holds \(found) where the vault writes \(expected); "
                    + "the file was altered or is damaged, restore a backup", path: path,
                location: "\(table).\(name(index))"))
    }
}
