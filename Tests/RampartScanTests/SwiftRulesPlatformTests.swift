import RampartPolicy
import RampartScan
import Testing

@Suite("Swift rules: platform (RS-PLATFORM)", .timeLimit(.minutes(10)))
struct SwiftRulesPlatformTests {
    typealias H = SwiftRulesHarness

    @Test("RS-PLATFORM-001: UIWebView in a property, a conformance and a call; one finding per line")
    func uiWebView() {
        let source = #"""
            final class HelpController: UIViewController, UIWebViewDelegate {
                @IBOutlet var page: UIWebView!
                func build() { let view: UIWebView = UIWebView(frame: .zero); _ = view }
            }
            """#
        #expect(
            H.positions(.uiWebView, in: source) == [
                H.at("UIWebViewDelegate", in: source), H.at("UIWebView!", in: source), H.at("UIWebView =", in: source),
            ])
    }

    @Test("RS-PLATFORM-001 look-alikes: WKWebView, a comment, a string")
    func uiWebViewLookAlikes() {
        let source = #"""
            // Migrated from UIWebView to WKWebView in 2019.
            final class HelpController: UIViewController, WKNavigationDelegate {
                let page = WKWebView(frame: .zero)
                let note = "UIWebView was removed"
            }
            """#
        #expect(H.findings(.uiWebView, in: source).isEmpty)
    }

    @Test("RS-PLATFORM-002: HTML and JavaScript built from a value; escaped, JSON-encoded or literal are fine")
    func webViewHTMLFromInput() {
        let source = #"""
            func show(comment: String, name: String) {
                webView.loadHTMLString("<p>\(comment)</p>", baseURL: nil)
                let script = "greet('" + name + "')"
                webView.evaluateJavaScript(script)
                webView.loadHTMLString("<p>\(HTMLEscaping.text(comment))</p>", baseURL: nil)
                webView.evaluateJavaScript("render(\(jsonString))")
                webView.evaluateJavaScript("document.body.style.zoom = 1.5")
                let title = "Help"
                webView.loadHTMLString("<h1>\(title)</h1>", baseURL: nil)
            }
            """#
        let findings = H.findings(.webViewHTMLFromInput, in: source)
        #expect(
            findings.map { H.Position(line: $0.line, column: $0.column) } == [
                H.at("webView.loadHTMLString", in: source), H.at("webView.evaluateJavaScript", in: source),
            ])
        #expect(findings.first?.message.contains("comment") == true)
        #expect(findings.last?.message.contains("name") == true)
    }

    @Test(
        "RS-PLATFORM-003: an OAuth redirect on a custom scheme; https and ASWebAuthenticationSession's scheme are fine")
    func customSchemeOAuthCallback() {
        let source = #"""
            let redirectURI = "com.example.shop://oauth/callback"
            let request = OIDAuthorizationRequest(configuration: config, clientId: "shop", scopes: ["openid"],
                                                  redirectURL: URL(string: "shop:/oauth2redirect")!,
                                                  responseType: OIDResponseTypeCode, additionalParameters: nil)
            let authorize = "https://id.example.com/authorize?client_id=shop&redirect_uri=shopapp%3A%2F%2Fcb"
            let universal = "https://shop.example.com/oauth/callback"
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: "shopapp") { _, _ in }
            let deepLink = "shopapp://product/42"
            """#
        #expect(
            H.positions(.customSchemeOAuthCallback, in: source) == [
                H.at("\"com.example.shop", in: source), H.at("\"shop:/", in: source), H.at("\"https://id.", in: source),
            ])
    }

    @Test("RS-PLATFORM-004: a password to the general pasteboard; local-only with expiry or a share link is fine")
    func generalPasteboardSecret() {
        let source = #"""
            func copy(password: String, link: URL) {
                UIPasteboard.general.string = password
                let board = UIPasteboard.general
                board.setValue(account.apiToken, forPasteboardType: "public.utf8-plain-text")
                UIPasteboard.general.setItems([["public.utf8-plain-text": password]],
                                              options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(60)])
                UIPasteboard.general.url = link
                UIPasteboard.general.string = passwordHint
            }
            """#
        #expect(
            H.positions(.generalPasteboardSecret, in: source) == [
                H.at("UIPasteboard.general.string = password", in: source), H.at("board.setValue", in: source),
            ])
    }
}
