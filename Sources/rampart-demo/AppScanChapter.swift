import Foundation
import RampartScan

/// Chapter: the app scanner. A small vulnerable app (Swift sources and an Info.plist) is written to the
/// scratch folder and scanned with ``ScanEngine``; each planted mistake is reported with the Rampart API
/// that fixes it, taken from the rule's fix, and the look-alikes beside them (a URL in a comment, an XML
/// namespace, a strong keychain class, `SecRandomCopyBytes`) stay quiet.
struct AppScanChapter: DemoChapter {
    let title = "App scan: a small vulnerable app audited, each finding beside the Rampart API that fixes it"

    /// A mistake planted in the demo app, and the rule that must report it.
    struct Planted {
        var title: String
        var path: String
        var rule: ScanRule
    }

    static let planted: [Planted] = [
        Planted(
            title: "A cleartext http:// request is reported", path: "DemoShop/FeedClient.swift", rule: .cleartextHTTPURL
        ),
        Planted(
            title: "A delegate that accepts any server trust is reported", path: "DemoShop/FeedClient.swift",
            rule: .trustAllDelegate),
        Planted(
            title: "A token kept in UserDefaults is reported", path: "DemoShop/SessionStore.swift",
            rule: .secretInUserDefaults),
        Planted(
            title: "A keychain item readable while the device is locked is reported",
            path: "DemoShop/SessionStore.swift", rule: .weakKeychainAccessibility),
        Planted(
            title: "NSAllowsArbitraryLoads in the Info.plist is reported", path: "DemoShop/Info.plist",
            rule: .atsWeakened),
    ]

    /// The look-alikes' file: nothing in it may be reported.
    static let lookAlikes = "DemoShop/LookAlikes.swift"

    static let files: [(path: String, text: String)] = [
        (
            "DemoShop/FeedClient.swift",
            """
            import Foundation

            final class FeedClient: NSObject, URLSessionDelegate {
                let feedURL = URL(string: "http://feeds.demo-shop.example/deals.json")!

                func urlSession(
                    _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
                ) {
                    guard let trust = challenge.protectionSpace.serverTrust else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    completionHandler(.useCredential, URLCredential(trust: trust))
                }
            }

            """
        ),
        (
            "DemoShop/SessionStore.swift",
            """
            import Foundation
            import Security

            struct SessionStore {
                func remember(authToken: String) {
                    UserDefaults.standard.set(authToken, forKey: "authToken")
                }

                func keep(refreshToken: String) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "refreshToken",
                        kSecValueData as String: Data(refreshToken.utf8),
                        kSecAttrAccessible as String: kSecAttrAccessibleAlways,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }
            }

            """
        ),
        (
            "DemoShop/LookAlikes.swift",
            """
            import Foundation
            import Security

            /// The API lives at https://api.demo-shop.example; the old http://api.demo-shop.example is gone.
            struct LookAlikes {
                let atomNamespace = "http://www.w3.org/2005/Atom"

                func keep(token: String) {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: "token",
                        kSecValueData as String: Data(token.utf8),
                        kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ]
                    SecItemAdd(query as CFDictionary, nil)
                }

                func nonce() -> [UInt8] {
                    var bytes = [UInt8](repeating: 0, count: 12)
                    _ = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
                    return bytes
                }
            }

            """
        ),
        (
            "DemoShop/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>example.demo-shop</string>
                <key>NSAppTransportSecurity</key>
                <dict>
                    <key>NSAllowsArbitraryLoads</key>
                    <true/>
                </dict>
            </dict>
            </plist>

            """
        ),
    ]

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let root = lab.scratch.appendingPathComponent("scan")
        for file in Self.files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url, options: .atomic)
        }
        let report = try ScanEngine().scan([root.path])
        var steps = Self.planted.map { planted in
            let found = report.findings.filter { $0.path == planted.path && $0.ruleID == planted.rule.id }
            return DemoStep(
                title: planted.title, expected: .blocked, observed: found.isEmpty ? .allowed : .blocked,
                details: found.isEmpty
                    ? ["no \(planted.rule.id) finding in \(planted.path)"]
                    : found.flatMap { Self.describe($0, rule: planted.rule) })
        }
        let quiet = report.findings.filter { $0.path == Self.lookAlikes }
        steps.append(
            DemoStep(
                title: "Look-alikes stay quiet: a URL in a comment, an XML namespace, a strong keychain class",
                expected: .allowed, observed: quiet.isEmpty ? .allowed : .blocked,
                details: quiet.isEmpty
                    ? ["\(Self.lookAlikes): no finding"]
                    : quiet.map { "\($0.path):\($0.line): \($0.ruleID) \($0.message)" }))
        return steps
    }

    /// The finding where it is, then the fix: the Rampart API when the rule names one, else the whole fix.
    static func describe(_ finding: ScanFinding, rule: ScanRule) -> [String] {
        [
            "\(finding.path):\(finding.line):\(finding.column) \(finding.ruleID) [\(finding.severity.rawValue)] "
                + finding.message,
            "fix: " + rampartFix(rule.fix),
        ]
    }

    /// The sentence of a fix that names Rampart's API ("With Rampart, …"), or the fix's first sentence.
    static func rampartFix(_ fix: String) -> String {
        let sentences = fix.split(separator: ". ", omittingEmptySubsequences: true).map(String.init)
        let rampart = sentences.first { $0.contains("Rampart") } ?? sentences.first ?? fix
        return rampart.hasSuffix(".") ? rampart : rampart + "."
    }
}
