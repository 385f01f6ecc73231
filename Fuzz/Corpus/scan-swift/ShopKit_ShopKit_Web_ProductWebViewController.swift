//
//  ProductWebViewController.swift
//  ShopKit
//
//  Shows product descriptions and the help centre in a web view.
//

import UIKit
import WebKit

final class ProductWebViewController: UIViewController, WKNavigationDelegate {
    private let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    var productName = ""
    var searchQuery = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        webView.navigationDelegate = self
        view.addSubview(webView)
    }

    func showDescription(_ descriptionHTML: String) {
        let html = "<html><body><h1>\(productName)</h1>\(descriptionHTML)</body></html>"
        webView.loadHTMLString(html, baseURL: nil) // expect: RS-PLATFORM-002
    }

    func highlight(_ term: String) {
        webView.evaluateJavaScript("highlightTerm('\(term)')", completionHandler: nil) // expect: RS-PLATFORM-002
    }

    /// Static markup shipped with the app; nothing from the user goes in.
    func showOfflinePage() {
        let html = "<html><body><p>You are offline.</p></body></html>"
        webView.loadHTMLString(html, baseURL: Bundle.main.bundleURL)
    }

    /// The search term is passed as a JSON-encoded argument, not spliced into the script.
    func highlightSafely(_ term: String) {
        let encoded = (try? JSONEncoder().encode([term])).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
        webView.callAsyncJavaScript("highlightTerm(term)", arguments: ["term": term], in: nil, in: .page) { _ in }
        _ = encoded
    }

    func openHelpCentre() {
        webView.load(URLRequest(url: URL(string: "https://help.shopkit.example.com")!))
    }

    // expect-begin: RS-NET-005
    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // The help centre's staging server has an expired certificate.
        if let trust = challenge.protectionSpace.serverTrust {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
    // expect-end: RS-NET-005
}

/// The old in-app browser, kept for iOS 9 users. (UIWebView was removed from the App Store in 2020.)
final class LegacyBrowserViewController: UIViewController {
    private let legacyWebView = UIWebView() // expect: RS-PLATFORM-001

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(legacyWebView)
    }
}
