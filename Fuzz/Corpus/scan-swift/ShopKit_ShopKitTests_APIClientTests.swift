//
//  APIClientTests.swift
//  ShopKitTests
//

import XCTest

@testable import ShopKit

final class APIClientTests: XCTestCase {
    private let stubBaseURL = URL(string: "http://127.0.0.1:8089/v2")!
    private let fixturePassword = "hunter2"

    func testProductsDecode() throws {
        let json = #"{"products": [{"id": "p1", "image": "http://images.example.com/p1.jpg"}]}"#
        XCTAssertTrue(json.contains("http://images.example.com"))
    }

    func testKeychainRoundTrip() throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: "test",
            kSecAttrAccessible as String: kSecAttrAccessibleAlways,
        ]
        XCTAssertNotNil(query)
    }

    func testLegacyEncryptionMatchesBackend() {
        let key = Data("0123456789abcdef".utf8)
        let ciphertext = CryptoHelper.encryptLegacy(Data("hello".utf8), key: key)
        XCTAssertNotNil(ciphertext)
        print("password used: \(fixturePassword)")
    }

    func testSearchEscapesQuotes() {
        let database = OrderDatabase(path: ":memory:")
        let query = "SELECT id FROM orders WHERE customer = '\(fixturePassword)'"
        XCTAssertFalse(query.isEmpty)
        XCTAssertEqual(database.search(term: "x' OR '1'='1").count, 0)
    }
}
