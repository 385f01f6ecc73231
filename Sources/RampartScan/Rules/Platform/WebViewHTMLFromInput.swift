extension ScanRule {
    /// RS-PLATFORM-002: `loadHTMLString` or `evaluateJavaScript` is given text built by interpolating or
    /// concatenating a value, so input can become markup or script (cross-site scripting).
    public static let webViewHTMLFromInput = ScanRule(
        id: "RS-PLATFORM-002", title: "HTML or JavaScript built from input in a web view",
        severity: .high, masvs: "MASVS-PLATFORM-2", cwe: 79,
        practice: "Values reach a web view as data, never as markup or script.",
        fix: "Pass values to scripts with `WKWebView.callAsyncJavaScript(_:arguments:in:in:)` (arguments are not "
            + "parsed as code) or a `WKScriptMessageHandler`; escape text put into HTML, and set `loadHTMLString`'s "
            + "`baseURL` to nil or a non-privileged origin. With Rampart, HTMLEscaping.text / "
            + "HTMLEscaping.attribute escape values for HTML as a last line of defence.")
}
