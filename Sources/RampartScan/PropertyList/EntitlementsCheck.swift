/// The checks on an app's entitlements, from an `.entitlements` file or from the `Entitlements` dictionary of a
/// provisioning profile (the archive reader calls `findings(entitlements:path:origin:oauthSchemes:)` with it).
///
/// - RS-BINARY-001: `get-task-allow` true lets a debugger attach to the app: expected in development, never in
///   what ships (an `.entitlements` file is judged "if this ships"; a development profile is not judged).
/// - RS-PLATFORM-003 (info): OAuth callback schemes without `com.apple.developer.associated-domains`, so no
///   universal link can replace them.
///
/// ```swift
/// let findings = EntitlementsCheck.findings(
///     entitlements: ["get-task-allow": true], path: "App.ipa!/Payload/App.app/embedded.mobileprovision",
///     origin: .distributionProfile)
/// ```
public enum EntitlementsCheck {
    /// Where the entitlements come from, which decides how `get-task-allow` is judged.
    public enum Origin: Sendable {
        /// An `.entitlements` file in a project: it may be the debug one, so a finding says "if this ships".
        case entitlementsFile
        /// A distribution (App Store, ad hoc, enterprise) profile: what ships.
        case distributionProfile
        /// A development profile: `get-task-allow` is expected there.
        case developmentProfile
    }

    public static let associatedDomainsKey = "com.apple.developer.associated-domains"

    /// The findings for `entitlements`, at `path`; `line` is the line of each key when the caller knows it
    /// (`lineOfKey`), 0 otherwise. `oauthSchemes` are the app's OAuth callback schemes, when known.
    public static func findings(
        entitlements: [String: Any], path: String, origin: Origin, oauthSchemes: [String] = [],
        lineOfKey: (String) -> Int = { _ in 0 }
    ) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        if entitlements["get-task-allow"] as? Bool == true {
            switch origin {
            case .entitlementsFile:
                findings.append(
                    ScanFinding(
                        rule: .debuggableEntitlement, path: path, line: lineOfKey("get-task-allow"), column: 0,
                        message: "get-task-allow is true: if this ships, any debugger can attach to the app and read "
                            + "its memory; keep it for the Debug configuration only"))
            case .distributionProfile:
                findings.append(
                    ScanFinding(
                        rule: .debuggableEntitlement, path: path, line: lineOfKey("get-task-allow"), column: 0,
                        message: "get-task-allow is true in a distribution profile: any debugger can attach to the "
                            + "shipped app and read its memory"))
            case .developmentProfile:
                break
            }
        }
        if !oauthSchemes.isEmpty && entitlements[associatedDomainsKey] == nil {
            findings.append(
                ScanFinding(
                    rule: .customSchemeOAuthCallback, path: path, line: 0, column: 0,
                    message: "OAuth callback scheme\(oauthSchemes.count == 1 ? "" : "s") "
                        + "\(oauthSchemes.joined(separator: ", ")) but no \(associatedDomainsKey): no universal "
                        + "link can take the callback", severity: .info))
        }
        return findings
    }
}
