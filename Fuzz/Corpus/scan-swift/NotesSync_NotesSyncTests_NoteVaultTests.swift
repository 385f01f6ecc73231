//
//  NoteVaultTests.swift
//  NotesSyncTests
//

import XCTest

@testable import NotesSync

final class NoteVaultTests: XCTestCase {
    func testExportRoundTrip() throws {
        let key = Array("0123456789abcdef".utf8)
        let sealed = try NoteVault().sealForExport(Data("note".utf8), key: key)
        XCTAssertFalse(sealed.isEmpty)
    }

    func testSyncAgainstLocalServer() async throws {
        let client = SyncClient(server: URL(string: "http://localhost:9000")!)
        _ = client
        UserDefaults.standard.set("test-password", forKey: "password")
    }
}
