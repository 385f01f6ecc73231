//
//  SessionStore.swift
//  ShopKit
//
//  Persists the signed-in session between launches.
//

import Foundation

final class SessionStore {
    private let directory: URL

    init(directory: URL = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]) {
        self.directory = directory
    }

    func persist(_ session: AuthSession) throws {
        let values: NSDictionary = [
            "userID": session.userID,
            "accessToken": session.accessToken,
            "expiry": session.expiry,
        ]
        values.write(to: directory.appendingPathComponent("session.plist"), atomically: true) // expect: RS-STORAGE-003
    }

    func persistRefreshToken(_ refreshToken: String) throws {
        let url = directory.appendingPathComponent("refresh.txt")
        try refreshToken.write(to: url, atomically: true, encoding: .utf8) // expect: RS-STORAGE-003
    }

    /// Encrypted at rest by Data Protection: the file is unreadable until the first unlock.
    func persistProfile(_ profile: Data) throws {
        let url = directory.appendingPathComponent("profile.json")
        try profile.write(to: url, options: [.atomic, .completeFileProtection])
    }

    func persistPreferences(theme: String, currency: String) throws {
        let preferences = ["theme": theme, "currency": currency]
        let data = try PropertyListEncoder().encode(preferences)
        try data.write(to: directory.appendingPathComponent("preferences.plist"), options: .atomic)
    }

    func rememberSessionCookie(token: String) {
        // expect-begin: RS-STORAGE-005
        let properties: [HTTPCookiePropertyKey: Any] = [
            .domain: "shopkit.example.com",
            .path: "/",
            .name: "session_token",
            .value: token,
            .expires: Date().addingTimeInterval(60 * 60 * 24 * 365),
        ]
        if let cookie = HTTPCookie(properties: properties) {
            HTTPCookieStorage.shared.setCookie(cookie)
        }
        // expect-end: RS-STORAGE-005
    }

    func rememberLocaleCookie(locale: String) {
        let properties: [HTTPCookiePropertyKey: Any] = [
            .domain: "shopkit.example.com",
            .path: "/",
            .name: "locale",
            .value: locale,
            .expires: Date().addingTimeInterval(60 * 60 * 24 * 30),
        ]
        if let cookie = HTTPCookie(properties: properties) {
            HTTPCookieStorage.shared.setCookie(cookie)
        }
    }

    func rememberAuthCookie(authToken: String) {
        // expect-begin: RS-STORAGE-005
        let properties: [HTTPCookiePropertyKey: Any] = [
            .domain: "shopkit.example.com",
            .path: "/",
            .name: "auth",
            .value: authToken,
        ]
        if let cookie = HTTPCookie(properties: properties) {
            HTTPCookieStorage.shared.setCookie(cookie)
        }
        // expect-end: RS-STORAGE-005
    }
}
