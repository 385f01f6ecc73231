extension ScanRule {
    /// RS-BINARY-001: the `get-task-allow` entitlement is true in a distribution build, so any debugger can
    /// attach to the app and read its memory.
    public static let debuggableEntitlement = ScanRule(
        id: "RS-BINARY-001", title: "get-task-allow in a distribution profile or entitlements",
        severity: .medium, masvs: "MASVS-RESILIENCE-2", cwe: 489,
        practice: "Release builds cannot be attached to by a debugger.",
        fix: "Sign App Store and ad-hoc builds with a distribution provisioning profile (Xcode sets "
            + "`get-task-allow` to false), and remove the key from the app's `.entitlements` file.")
}
