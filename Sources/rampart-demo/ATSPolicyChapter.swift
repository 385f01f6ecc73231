import Foundation
import RampartPolicy

/// Chapter: App Transport Security decided on Linux from a real Info.plist, and audited.
struct ATSPolicyChapter: DemoChapter {
    let title = "App Transport Security from an Info.plist"

    /// The demo app's Info.plist: a legacy host with a cleartext exception, a pinned API.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key><string>com.example.rampart-demo</string>
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSExceptionDomains</key>
                <dict>
                    <key>legacy.example.com</key>
                    <dict>
                        <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                        <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string>
                    </dict>
                </dict>
                <key>NSPinnedDomains</key>
                <dict>
                    <key>api.example.com</key>
                    <dict>
                        <key>NSPinnedLeafIdentities</key>
                        <array><dict><key>SPKI-SHA256-BASE64</key><string>47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=</string></dict></array>
                    </dict>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let document = try ATSDocument.decode(Data(Self.infoPlist.utf8), source: "demo Info.plist")
        let policy = ATSPolicy(document.configuration)
        let urls: [(String, DemoStep.Outcome, String)] = [
            ("https://api.example.com/v1/me", .allowed, "HTTPS to a pinned API"),
            ("http://api.example.com/v1/me", .blocked, "Cleartext to the same API"),
            ("http://legacy.example.com/feed", .allowed, "Cleartext to the legacy host its exception names"),
            ("http://cdn.legacy.example.com/feed", .blocked, "Cleartext to a subdomain the exception does not include"),
        ]
        var steps: [DemoStep] = []
        for (text, expected, title) in urls {
            guard let url = URL(string: text) else { continue }
            let decision = try policy.explain(url)
            steps.append(
                DemoStep(
                    title: title, expected: expected, observed: decision.isAllowed ? .allowed : .blocked,
                    details: Self.narration(of: decision)))
        }
        let report = ATSAuditor().audit(document)
        steps.append(
            DemoStep(
                title: "Audited the Info.plist: its high finding fails `rampart ats audit`", expected: .blocked,
                observed: report.fails(at: .high) ? .blocked : .allowed,
                details: report.findings.map { "[\($0.severity.rawValue)] \($0.ruleID) \($0.keyPath): \($0.message)" }))
        return steps
    }

    /// The library's own reasoning, step by step (``ATSPolicy/explain(_:load:)``), and the system's
    /// message when the load is blocked.
    private static func narration(of decision: ATSDecision) -> [String] {
        decision.steps + (decision.isAllowed ? [] : [decision.reason ?? "blocked"])
    }
}
