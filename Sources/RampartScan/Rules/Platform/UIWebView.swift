extension ScanRule {
    /// RS-PLATFORM-001: `UIWebView` is used: it is deprecated, cannot turn JavaScript off, runs in the app's
    /// process and App Store review rejects apps that link it.
    public static let uiWebView = ScanRule(
        id: "RS-PLATFORM-001", title: "UIWebView used", severity: .medium, masvs: "MASVS-PLATFORM-2", cwe: 749,
        practice: "Web content is shown in WKWebView (or SFSafariViewController), never UIWebView.",
        fix: "Replace it with `WKWebView` (with `WKWebpagePreferences.allowsContentJavaScript = false` where no "
            + "script is needed) or `SFSafariViewController` for pages the app does not control.")
}
