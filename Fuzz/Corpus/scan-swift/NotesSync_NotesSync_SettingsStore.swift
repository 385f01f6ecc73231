//
//  SettingsStore.swift
//  NotesSync
//

import Foundation
import OSLog
import SwiftUI

final class SettingsStore: ObservableObject {
    @AppStorage("fontSize") var fontSize = 14.0
    @AppStorage("serverURL") var serverURL = "https://notes.example.net"
    @AppStorage("syncToken") var syncToken = "" // expect: RS-STORAGE-002

    private let log = Logger(subsystem: "net.notessync", category: "settings")
    private let passwordKey = "password"

    /// The password field's placeholder and the key it is saved under in the keychain (not the password).
    let passwordPlaceholder = "Password"

    func signedIn(user: String, password: String) {
        UserDefaults.standard.set(user, forKey: "user")
        UserDefaults.standard.set(Date(), forKey: "lastSignIn")
        log.notice("Signed in as \(user, privacy: .private)")
        log.debug("Password for \(user): \(password, privacy: .public)") // expect: RS-STORAGE-006
    }

    func exportDiagnostics() -> String {
        // The token is redacted before the report leaves the device.
        "server=\(serverURL) token=<redacted> fontSize=\(fontSize)"
    }
}
