//
//  PreviewViewController.swift
//  NotesSync
//
//  Renders a note's Markdown as HTML.
//

import UIKit
import WebKit

final class PreviewViewController: UIViewController, WKNavigationDelegate {
    private let webView = WKWebView()
    private lazy var oldPreview = UIWebView(frame: .zero) // expect: RS-PLATFORM-001

    func render(noteHTML: String) {
        let escaped = noteHTML
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        webView.loadHTMLString("<pre>\(escaped)</pre>", baseURL: nil)
    }

    // expect-begin: RS-NET-005
    func webView(_ webView: WKWebView, respondTo challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        (.useCredential, challenge.protectionSpace.serverTrust.map { URLCredential(trust: $0) })
    }
    // expect-end: RS-NET-005

    func webView(
        _ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.performDefaultHandling, nil)
    }
}
