/// RS-PLATFORM-003 in an `Info.plist`: a `CFBundleURLTypes` scheme that looks like an OAuth callback
/// (`com.googleusercontent.apps.…`, `fb<digits>`, a name with `oauth`, `auth`, `callback`, `login`, `signin` or
/// `sso`, the app's own bundle id, or any scheme of a URL type whose `CFBundleURLName` ends in such a word), which
/// any other app can register too and so receive the code.
enum PropertyListOAuthSchemeRule {
    static let words = ["oauth", "auth", "callback", "login", "signin", "sso", "redirect"]

    /// The schemes of `CFBundleURLTypes` that look like OAuth callbacks.
    static func oauthSchemes(in top: [String: Any]) -> [String] {
        let bundleID = (top["CFBundleIdentifier"] as? String)?.lowercased()
        let types = top["CFBundleURLTypes"] as? [Any] ?? []
        var schemes: [String] = []
        for case let type as [String: Any] in types {
            // A URL type named for sign-in (`CFBundleURLName` `com.example.app.oauth`) makes all its schemes callbacks.
            let lastPart = (type["CFBundleURLName"] as? String)?.lowercased().split(separator: ".").last ?? ""
            let named = words.contains { lastPart.contains($0) }
            for case let scheme as String in type["CFBundleURLSchemes"] as? [Any] ?? []
            where named || looksLikeOAuth(scheme, bundleID: bundleID) {
                schemes.append(scheme)
            }
        }
        return schemes
    }

    static func looksLikeOAuth(_ scheme: String, bundleID: String?) -> Bool {
        let lower = scheme.lowercased()
        if lower.hasPrefix("com.googleusercontent.apps.") || lower.hasPrefix("msauth.") { return true }
        if lower.hasPrefix("fb"), lower.count > 2, lower.dropFirst(2).allSatisfy(\.isNumber) { return true }
        if words.contains(where: lower.contains) { return true }
        if let bundleID, !bundleID.contains("$("), lower == bundleID { return true }
        return false
    }

    static func findings(top: [String: Any], path: String, lines: PropertyListKeyLines) -> [ScanFinding] {
        oauthSchemes(in: top).map { scheme in
            ScanFinding(
                rule: .customSchemeOAuthCallback, path: path,
                line: lines.line(ofString: scheme, after: "CFBundleURLTypes"), column: 0,
                message: "URL scheme \(scheme) looks like an OAuth callback: any app can claim it and receive the "
                    + "authorization code; use a universal link or ASWebAuthenticationSession with PKCE")
        }
    }
}
