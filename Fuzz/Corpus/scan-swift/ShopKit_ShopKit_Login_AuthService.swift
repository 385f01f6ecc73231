//
//  AuthService.swift
//  ShopKit
//

import AuthenticationServices
import Foundation

final class AuthService: NSObject {
    static let shared = AuthService()

    // Sign in with the identity provider; the redirect comes back through the app's custom scheme.
    private let authorizeURL = URL(string: "https://id.shopkit.example.com/oauth/authorize")!
    private let redirectURI = "shopkit://oauth/callback" // expect: RS-PLATFORM-003
    private let clientID = "shopkit-ios"

    /// Placeholder: the real secret is injected by CI from the keychain, never committed.
    private let analyticsKey = "YOUR_API_KEY"
    private let mapsKey = "<#maps-api-key#>"
    private let stripePublishableKey = "pk_test_REPLACE_ME"
    private let sentryKey = "sk_live_9fQw3ZpL7xR2mVb8KtYc4NhD" // expect: RS-CRYPTO-007

    private(set) var recoveryCode: String?
    private(set) var referralSlug = "welcome"

    func signIn(email: String, password: String, completion: @escaping (Result<AuthSession, Error>) -> Void) {
        var components = URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "response_type", value: "code"),
        ]
        _ = components
    }

    /// The newer flow: ASWebAuthenticationSession with a universal-link callback.
    func signInWithWebSession(anchor: ASPresentationAnchor) {
        let session = ASWebAuthenticationSession(url: authorizeURL, callbackURLScheme: nil) { url, error in
            _ = (url, error)
        }
        session.start()
    }
}
