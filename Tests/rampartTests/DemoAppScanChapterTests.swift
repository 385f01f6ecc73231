import Foundation
import Testing

/// The demo's app-scan chapter: a small vulnerable app is scanned, each planted mistake is reported with
/// the Rampart API that fixes it, and the look-alikes beside them stay quiet.
@Suite("rampart-demo: app scan chapter")
struct DemoAppScanChapterTests {
    @Test("each planted mistake is found at its file and line, beside the Rampart fix; the look-alikes stay quiet")
    func chapter() async throws {
        let result = try await DemoReport.run.value
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(
            report.chapter(
                "App scan: a small vulnerable app audited, each finding beside the Rampart API that fixes it"))
        for step in chapter.steps {
            #expect(step.succeeded, "\(step.title): observed \(step.observed): \(step.details)")
        }
        let planted: [(title: String, location: String, rule: String, rampart: String)] = [
            ("A cleartext http:// request is reported", "DemoShop/FeedClient.swift:4:", "RS-NET-001", "HTTPClient"),
            (
                "A delegate that accepts any server trust is reported", "DemoShop/FeedClient.swift:13:", "RS-NET-002",
                "RampartURLSessionDelegate"
            ),
            ("A token kept in UserDefaults is reported", "DemoShop/SessionStore.swift:6:", "RS-STORAGE-002", "Vault"),
            (
                "A keychain item readable while the device is locked is reported", "DemoShop/SessionStore.swift:14:",
                "RS-STORAGE-001", "Vault"
            ),
            ("NSAllowsArbitraryLoads in the Info.plist is reported", "DemoShop/Info.plist:", "RS-ATS-001", "ATSPolicy"),
        ]
        for expected in planted {
            let step = try #require(chapter.steps.first { $0.title == expected.title }, "no step \(expected.title)")
            #expect(step.observed == "blocked", "\(step)")
            #expect(step.details.contains { $0.hasPrefix(expected.location) && $0.contains(expected.rule) }, "\(step)")
            #expect(
                step.details.contains { $0.hasPrefix("fix: ") && $0.contains(expected.rampart) }, "\(step.details)")
        }
        let quiet = try #require(chapter.steps.last)
        #expect(quiet.title.hasPrefix("Look-alikes stay quiet"))
        #expect(quiet.expected == "allowed" && quiet.observed == "allowed", "\(quiet.details)")
    }
}
