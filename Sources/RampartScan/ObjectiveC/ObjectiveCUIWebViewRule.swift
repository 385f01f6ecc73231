/// RS-PLATFORM-001 in Objective-C: the `UIWebView` class used in code, once per line.
struct ObjectiveCUIWebViewRule: ObjectiveCRule {
    func findings(in source: ObjectiveCSource) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        var lastLine = 0
        for token in source.tokens where token.kind == .identifier && token.line != lastLine {
            // The class only: a `UIWebViewDelegate` conformance goes with a UIWebView already reported.
            guard token.text == "UIWebView" else { continue }
            lastLine = token.line
            findings.append(
                source.finding(
                    .uiWebView, at: token,
                    "\(token.text) is deprecated and insecure (no way to block file access or "
                        + "JavaScript bridges); App Store refuses apps that use it"))
        }
        return findings
    }
}
