//
//  OrderDatabase.swift
//  ShopKit
//
//  The offline order cache, on SQLite.
//

import Foundation
import RealmSwift
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class OrderDatabase {
    private var db: OpaquePointer?

    init(path: String) {
        if sqlite3_open(path, &db) != SQLITE_OK {
            print("Unable to open the order database")
        }
        execute("CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, customer TEXT, total REAL)")
        execute("CREATE TABLE IF NOT EXISTS account (key TEXT PRIMARY KEY, value TEXT)")
    }

    func orders(forCustomer customer: String) -> [String] {
        let query = "SELECT id FROM orders WHERE customer = '\(customer)' ORDER BY id" // expect: RS-CODE-001
        return strings(query)
    }

    func search(term: String) -> [String] {
        let query = "SELECT id FROM orders WHERE id LIKE '%" + term + "%'" // expect: RS-CODE-001
        return strings(query)
    }

    /// Parameterized: the customer is bound, never spliced into the SQL.
    func ordersSafely(forCustomer customer: String) -> [String] {
        var statement: OpaquePointer?
        let query = "SELECT id FROM orders WHERE customer = ? ORDER BY id"
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, customer, -1, SQLITE_TRANSIENT)
        var ids: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            ids.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return ids
    }

    /// The table name comes from a fixed list, not from input.
    func count(table: Table) -> Int {
        let query = "SELECT COUNT(*) FROM \(table.rawValue)"
        return strings(query).count
    }

    enum Table: String {
        case orders
        case account
    }

    static let ordersTableName = "orders"
    static let orderColumns = ["id", "customer", "total"]

    /// Only the table name constant, a placeholder list and integers are spliced; the ids are bound.
    func orders(ids: [String], limit: Int) -> [String] {
        var statement: OpaquePointer?
        let marks = ids.map { _ in "?" }.joined(separator: ", ")
        let query = "SELECT id FROM \(Self.ordersTableName) WHERE id IN (\(marks)) LIMIT \(limit) OFFSET \(ids.count)"
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        for (index, id) in ids.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), id, -1, SQLITE_TRANSIENT)
        }
        var found: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            found.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return found
    }

    /// The column list and the table come from the constants above; the values are bound.
    func insertStatement() -> OpaquePointer? {
        var statement: OpaquePointer?
        let columns = Self.orderColumns.joined(separator: ", ")
        let values = Array(repeating: "?", count: Self.orderColumns.count).joined(separator: ", ")
        sqlite3_prepare_v2(db, "INSERT INTO \(Self.ordersTableName) (\(columns)) VALUES (\(values))", -1, &statement, nil)
        return statement
    }

    func removeOrders(olderThan days: Int, table: Table, reason: String) {
        print("Delete of old orders started: \(reason)")
        sqlite3_exec(db, "DELETE FROM \(table.rawValue) WHERE age > \(days)", nil, nil, nil)
    }

    func removeOrders(withNote note: String) {
        sqlite3_exec(db, "DELETE FROM orders WHERE note = '\(note)'", nil, nil, nil) // expect: RS-CODE-001
    }

    func storeAccessToken(_ accessToken: String) {
        // expect-begin: RS-STORAGE-004
        var statement: OpaquePointer?
        let query = "INSERT OR REPLACE INTO account (key, value) VALUES ('accessToken', ?)"
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { return }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, accessToken, -1, SQLITE_TRANSIENT)
        sqlite3_step(statement)
        // expect-end: RS-STORAGE-004
    }

    func storeLastSync(_ date: Date) {
        var statement: OpaquePointer?
        let query = "INSERT OR REPLACE INTO account (key, value) VALUES ('lastSync', ?)"
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else { return }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, ISO8601DateFormatter().string(from: date), -1, SQLITE_TRANSIENT)
        sqlite3_step(statement)
    }

    private func execute(_ sql: String) {
        sqlite3_exec(db, sql, nil, nil, nil)
    }

    private func strings(_ sql: String) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            values.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return values
    }
}

final class StoredCredential: Object {
    @Persisted(primaryKey: true) var account = ""
    @Persisted var password = ""
}

enum CredentialCache {
    static func remember(account: String, password: String) throws {
        // expect-begin: RS-STORAGE-004
        let realm = try Realm(configuration: Realm.Configuration(schemaVersion: 3))
        let credential = StoredCredential()
        credential.account = account
        credential.password = password
        try realm.write { realm.add(credential, update: .modified) }
        // expect-end: RS-STORAGE-004
    }

    static func rememberEncrypted(account: String, password: String, key: Data) throws {
        let realm = try Realm(configuration: Realm.Configuration(encryptionKey: key, schemaVersion: 3))
        let credential = StoredCredential()
        credential.account = account
        credential.password = password
        try realm.write { realm.add(credential, update: .modified) }
    }
}
