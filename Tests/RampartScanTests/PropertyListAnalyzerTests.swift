import Foundation
import RampartPolicy
import Testing

@testable import RampartScan

@Suite("Property list analyzer", .timeLimit(.minutes(10)))
struct PropertyListAnalyzerTests {
    static func analyze(_ text: String, path: String = "App/Info.plist") -> ScanFileResult {
        PropertyListAnalyzer().analyze(ScanFile(path: path, contents: Array(text.utf8)))
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/plist") else {
            throw BinaryFixtures.FixtureMissing(name: name)
        }
        return Array(try Data(contentsOf: url))
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    @Test("ATS findings come from the ATS auditor, name its rule, and point at the key's line")
    func ats() {
        let result = Self.analyze(
            Self.plist(
                """
                	<key>CFBundleIdentifier</key>
                	<string>com.example.app</string>
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSAllowsArbitraryLoadsInWebContent</key>
                		<true/>
                		<key>NSExceptionDomains</key>
                		<dict>
                			<key>legacy.example.com</key>
                			<dict>
                				<key>NSExceptionMinimumTLSVersion</key>
                				<string>TLSv1.0</string>
                			</dict>
                		</dict>
                	</dict>
                """))
        let ats = result.findings.filter { $0.ruleID == ScanRule.atsWeakened.id }
        #expect(ats.map(\.line) == [9, 15])
        #expect(ats.first?.message.hasPrefix("ATS004 arbitrary-loads-web") == true)
        #expect(ats.last?.message.contains("ATS011") == true)
        #expect(ats.last?.severity == .high)
        #expect(ats.first?.severity == .medium)
    }

    @Test(
        "an Info.plist with strict ATS and a plain URL scheme has no finding; a plist that is no Info.plist is skipped")
    func lookAlikes() {
        let strict = Self.analyze(
            Self.plist(
                """
                	<key>CFBundleIdentifier</key>
                	<string>com.example.app</string>
                	<key>CFBundleURLTypes</key>
                	<array><dict><key>CFBundleURLSchemes</key><array><string>example-share</string></array></dict></array>
                	<key>NSAppTransportSecurity</key>
                	<dict><key>NSAllowsArbitraryLoads</key><false/></dict>
                """))
        #expect(strict.findings.isEmpty, "\(strict.findings)")
        #expect(strict.problems.isEmpty)
        let settings = Self.analyze(
            Self.plist("<key>NSAllowsArbitraryLoads</key><true/><key>TSKPinnedDomains</key><string>x</string>"),
            path: "App/Settings.plist")
        #expect(settings.findings.isEmpty)
    }

    @Test("OAuth callback schemes are RS-PLATFORM-003 on their line; the fix names universal links and PKCE")
    func oauthSchemes() {
        let result = Self.analyze(
            Self.plist(
                """
                	<key>CFBundleIdentifier</key>
                	<string>com.example.app</string>
                	<key>CFBundleURLTypes</key>
                	<array>
                		<dict>
                			<key>CFBundleURLSchemes</key>
                			<array>
                				<string>com.googleusercontent.apps.1234-abcd</string>
                				<string>example-share</string>
                				<string>com.example.app</string>
                			</array>
                		</dict>
                		<dict>
                			<key>CFBundleURLName</key>
                			<string>com.example.app.oauth</string>
                			<key>CFBundleURLSchemes</key>
                			<array><string>example</string></array>
                		</dict>
                	</array>
                """))
        let found = result.findings.filter { $0.ruleID == ScanRule.customSchemeOAuthCallback.id }
        #expect(found.map(\.line) == [12, 14, 21])
        #expect(found.first?.message.contains("com.googleusercontent.apps.1234-abcd") == true)
        #expect(found.first?.message.contains("ASWebAuthenticationSession") == true)
        #expect(found.allSatisfy { $0.severity == .medium })
    }

    @Test("a single pin in NSPinnedDomains (the auditor's ATS020) and in TrustKit is RS-NET-007; two pins are not")
    func singlePins() throws {
        let result = PropertyListAnalyzer().analyze(
            ScanFile(path: "App.ipa!/Payload/App.app/Info.plist", contents: try Self.fixture("Info-binary.plist")))
        let pins = result.findings.filter { $0.ruleID == ScanRule.pinningWithoutBackup.id }
        #expect(pins.map(\.message) == ["TSKPinnedDomains.one.example.com lists one pin and no backup pin"])
        #expect(pins.first?.line == 0)
        #expect(result.findings.contains { $0.ruleID == ScanRule.atsWeakened.id && $0.message.hasPrefix("ATS001") })
        #expect(
            result.findings.contains {
                $0.ruleID == ScanRule.customSchemeOAuthCallback.id && $0.message.contains("fb1234567890")
            })
        #expect(!result.findings.contains { $0.message.contains("shop-share") })

        let ats = Self.analyze(
            Self.plist(
                """
                	<key>NSAppTransportSecurity</key>
                	<dict>
                		<key>NSPinnedDomains</key>
                		<dict>
                			<key>api.example.com</key>
                			<dict>
                				<key>NSPinnedLeafIdentities</key>
                				<array><dict><key>SPKI-SHA256-BASE64</key><string>Vjs8r4z+80wjNcr1YKepWQboSIRi63WsWXhIMN+eWys=</string></dict></array>
                			</dict>
                		</dict>
                	</dict>
                """))
        let single = ats.findings.filter { $0.ruleID == ScanRule.pinningWithoutBackup.id }
        #expect(single.map(\.line) == [9])
        #expect(single.first?.message.contains("ATS020") == true)
    }

    @Test("get-task-allow in an .entitlements file is RS-BINARY-001 'if this ships'; false or absent is not")
    func entitlements() {
        let on = Self.analyze(
            Self.plist(
                "\t<key>aps-environment</key>\n\t<string>production</string>\n\t<key>get-task-allow</key>\n\t<true/>"),
            path: "App/App.entitlements")
        #expect(on.findings.map(\.ruleID) == [ScanRule.debuggableEntitlement.id])
        #expect(on.findings.first?.line == 7)
        #expect(on.findings.first?.message.contains("if this ships") == true)
        let off = Self.analyze(Self.plist("\t<key>get-task-allow</key>\n\t<false/>"), path: "App/App.entitlements")
        #expect(off.findings.isEmpty)
    }

    @Test(
        "the entitlement check for a profile: distribution flags get-task-allow, development does not; OAuth without associated domains is info"
    )
    func entitlementCheck() {
        let distribution = EntitlementsCheck.findings(
            entitlements: ["get-task-allow": true], path: "App.ipa!/embedded.mobileprovision",
            origin: .distributionProfile)
        #expect(distribution.map(\.ruleID) == [ScanRule.debuggableEntitlement.id])
        #expect(distribution.first?.message.contains("distribution profile") == true)
        let development = EntitlementsCheck.findings(
            entitlements: ["get-task-allow": true], path: "p", origin: .developmentProfile)
        #expect(development.isEmpty)
        let oauth = EntitlementsCheck.findings(
            entitlements: [:], path: "p", origin: .distributionProfile, oauthSchemes: ["fb123"])
        #expect(oauth.map(\.severity) == [.info])
        let linked = EntitlementsCheck.findings(
            entitlements: [EntitlementsCheck.associatedDomainsKey: ["applinks:example.com"]], path: "p",
            origin: .distributionProfile, oauthSchemes: ["fb123"])
        #expect(linked.isEmpty)
    }

    @Test("a binary plist with a set is a problem of the scan, not a crash; so is a damaged plist")
    func malformed() throws {
        let set = PropertyListAnalyzer().analyze(
            ScanFile(path: "App/Info.plist", contents: try Self.fixture("set-in-binary.plist")))
        #expect(set.findings.isEmpty)
        #expect(set.problems.count == 1)
        #expect(set.problems.first?.message.contains("holds a set") == true)
        let damaged = Self.analyze("<plist><dict><key>CFBundleIdentifier</key>")
        #expect(damaged.problems.map(\.path) == ["App/Info.plist"])
        let text = Self.analyze("CFBundleIdentifier = x;")
        #expect(text.problems.first?.message.contains("begins with neither") == true)
    }

    @Test("the analyzer reads .plist and .entitlements files")
    func accepts() {
        let analyzer = PropertyListAnalyzer()
        #expect(analyzer.accepts(path: "A/Info.plist", prefix: []))
        #expect(analyzer.accepts(path: "A/App.entitlements", prefix: []))
        #expect(!analyzer.accepts(path: "A/App.m", prefix: []))
    }
}
