extension ScanRule {
    /// RS-PLATFORM-003: an OAuth or sign-in redirect comes back through a custom URL scheme, which any other app
    /// can register and so intercept the authorization code.
    public static let customSchemeOAuthCallback = ScanRule(
        id: "RS-PLATFORM-003", title: "Custom URL scheme used for an OAuth callback",
        severity: .medium, masvs: "MASVS-PLATFORM-1", cwe: 939,
        practice: "OAuth redirects come back through a channel only this app can receive, with PKCE.",
        fix: "Use `ASWebAuthenticationSession` (iOS 17.4+: `callback: .https(host:path:)`) or a universal link "
            + "(Associated Domains `applinks:`) as the redirect URI, with PKCE (`code_challenge`, S256).")
}
