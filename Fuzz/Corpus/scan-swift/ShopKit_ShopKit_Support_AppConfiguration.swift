//
//  AppConfiguration.swift
//  ShopKit
//

import Foundation
import OSLog

/// Build-time configuration.
///
/// ```swift
/// // In a playground: point the app at a local mock server.
/// AppConfiguration.apiBaseURL = URL(string: "http://mock.shopkit.test")!
/// ```
enum AppConfiguration {
    static var apiBaseURL = URL(string: "https://api.shopkit.example.com/v2")!

    /// Terms of service, served over HTTPS (the old http://shopkit.example.com/tos page redirects).
    static let termsURL = URL(string: "https://shopkit.example.com/tos")!

    static let supportEmail = "support@shopkit.example.com"

    /* Debug menu notes:
       the mock server runs at http://192.168.1.20:8080 on the office network;
       never ship a build that points there. */

    #if DEBUG
    static let mockServerURL = URL(string: "http://localhost:4010")! // tolerate: RS-NET-001 info
    #endif

    /// The DTD URL in exported plists: an identifier, never fetched.
    static let plistDoctype =
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"

    static let svgNamespace = "http://www.w3.org/2000/svg"

    static let log = Logger(subsystem: "com.shopkit.app", category: "config")

    static func logEnvironment(apiKey: String) {
        log.info("Using API key \(apiKey, privacy: .private(mask: .hash))")
        log.info("API base URL \(apiBaseURL.absoluteString, privacy: .public)")
    }

    /// Public identifiers, not secrets.
    static let appStoreID = "1234567890"
    static let bundleIdentifier = "com.shopkit.app"
    static let sentryDSNPlaceholder = "https://<key>@sentry.example.com/<project>"
    static let githubToken = "ghp_4Kx9QmZt2LwR8vYbN3cHs7DfJ1pEaU6gTo5i" // expect: RS-CRYPTO-007
}
