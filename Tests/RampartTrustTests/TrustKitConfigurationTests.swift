import Foundation
import RampartTrust
import Testing

/// TrustKit pinning configurations (`TSKConfiguration` / `TSKPinnedDomains`) as plist and JSON,
/// and what `trustkit-config` fuzzing found (Fuzz/Regressions/trustkit-config).
@Suite("TrustKit configurations")
struct TrustKitConfigurationTests {
    let primary = "HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY="
    let backup = "0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8="

    @Test("an Info.plist's TSKConfiguration: domains, pins, subdomains, enforcement, reports and expiry")
    func infoPlist() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>TSKConfiguration</key><dict>
            <key>TSKSwizzleNetworkDelegates</key><false/>
            <key>TSKPinnedDomains</key><dict>
              <key>Example.com</key><dict>
                <key>TSKPublicKeyHashes</key><array><string>\(primary)</string><string>\(backup)</string></array>
                <key>TSKIncludeSubdomains</key><true/>
                <key>TSKEnforcePinning</key><false/>
                <key>TSKReportUris</key><array><string>https://report.example.com/log</string></array>
                <key>TSKExpirationDate</key><string>2030-01-31</string>
              </dict>
            </dict></dict></dict></plist>
            """
        let hosts = try TrustKitConfiguration.pinnedHosts(from: Data(plist.utf8), source: "Info.plist")
        let host = try #require(hosts.first)
        #expect(hosts.count == 1 && host.domain == "example.com" && host.coverage == .anyDepthOfSubdomains)
        #expect(host.pins == [.init(try SPKIPin(parsing: primary)), .init(try SPKIPin(parsing: backup))])
        #expect(!host.enforced && host.reportURIs == [URL(string: "https://report.example.com/log")])
        #expect(host.expiration == Date(timeIntervalSince1970: 1_896_048_000))
        #expect(host.covers("a.b.example.com"))
    }

    @Test("JSON works too; enforcement defaults to on and subdomains to off")
    func json() throws {
        let json = #"{"TSKPinnedDomains": {"api.example.org": {"TSKPublicKeyHashes": ["sha256/\#(primary)"]}}}"#
        let host = try #require(try TrustKitConfiguration.pinnedHosts(from: Data(json.utf8), source: "pins.json").first)
        #expect(host.enforced && host.coverage == .exactHost && host.pins.count == 1)
    }

    @Test(
        "what is wrong is named with its key path",
        arguments: [
            (
                #"{"TSKPinnedDomains": {"x.com": {"TSKPublicKeyHashes": "one"}}}"#,
                "TSKPinnedDomains.x.com.TSKPublicKeyHashes"
            ),
            (
                #"{"TSKPinnedDomains": {"x.com": {"TSKPublicKeyHashes": [], "TSKIncludeSubdomains": "YES"}}}"#,
                "TSKPinnedDomains.x.com.TSKIncludeSubdomains is not a boolean"
            ),
            (
                #"{"TSKPinnedDomains": {"x.com": {"TSKPublicKeyHashes": [], "TSKExpirationDate": "soon"}}}"#,
                "TSKExpirationDate is not a date"
            ),
            (#"{"pins": []}"#, "no TSKPinnedDomains"), ("not a configuration", "neither a property list nor JSON"),
        ])
    func refused(text: String, message: String) throws {
        do {
            _ = try TrustKitConfiguration.pinnedHosts(from: Data(text.utf8), source: "pins.json")
            Issue.record("\(text) was read")
        } catch let error as TrustError {
            guard case .malformedPinConfiguration = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("a pin that is not a SHA-256 digest is refused as a pin")
    func badPin() throws {
        let json = #"{"TSKPinnedDomains": {"x.com": {"TSKPublicKeyHashes": ["AAAA"]}}}"#
        #expect(throws: TrustError.self) { try TrustKitConfiguration.pinnedHosts(from: Data(json.utf8), source: "p") }
    }

    @Test("fuzzing: a binary plist holding a set is refused, not a crash in Foundation's bridging")
    func setInBinaryPlist() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fuzz/Regressions/trustkit-config/set-in-binary-plist.bplist")
        do {
            _ = try TrustKitConfiguration.pinnedHosts(from: try Data(contentsOf: url), source: url.lastPathComponent)
            Issue.record("the set was read")
        } catch let error as TrustError {
            #expect(error.description.contains("the binary plist holds a set"), "\(error)")
        }
    }
}
