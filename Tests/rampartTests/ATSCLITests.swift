import Foundation
import Testing

@Suite("rampart ats")
struct ATSCLITests {
    /// A fixture of the RampartPolicy tests, by path (the CLI reads files as a user would give them).
    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RampartPolicyTests/Fixtures/\(name)").path
    }

    @Test("check prints one line per URL and exits 1 when any is blocked")
    func checkBlocked() async throws {
        let result = try await RampartBinary.run([
            "ats", "check", fixture("exceptions.plist"), "https://api.example.com/", "http://www.example.com/",
            "http://other.example/",
        ])
        #expect(result.exitCode == 1, "\(result.standardErrorText)")
        let lines = result.standardOutputText.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ALLOWED https://api.example.com/: TLS ≥ TLSv1.0, no forward secrecy"))
        #expect(
            lines[1].hasPrefix("ALLOWED http://www.example.com/")
                && lines[1].contains("[NSExceptionDomains example.com]"))
        #expect(
            lines[2].hasPrefix("BLOCKED http://other.example/: App Transport Security has blocked a cleartext HTTP"))
        #expect(result.standardErrorText.contains("ATS blocks 1 of 3 URL(s)"))
    }

    @Test("check exits 0 when every URL is allowed, and honours --load and --os")
    func checkAllowed() async throws {
        let media = try await RampartBinary.run([
            "ats", "check", fixture("media-web.plist"), "http://cdn.example/v.m3u8", "--load", "media",
        ])
        #expect(media.exitCode == 0, "\(media.standardOutputText)\(media.standardErrorText)")
        let ios10 = try await RampartBinary.run([
            "ats", "check", fixture("defaults.plist"), "http://printer.local/", "--os", "ios10",
        ])
        #expect(ios10.exitCode == 0)
        // The default is iOS 18.4+: local hosts are exempt unless NSAllowsLocalNetworking is NO.
        let current = try await RampartBinary.run(["ats", "check", fixture("defaults.plist"), "http://printer.local/"])
        #expect(current.exitCode == 0, "\(current.standardOutputText)\(current.standardErrorText)")
        #expect(current.standardOutputText.contains("[local networking]"))
        let no = try await RampartBinary.run(["ats", "check", fixture("local-no.plist"), "http://printer.local/"])
        #expect(no.exitCode == 1)
        let ios17 = try await RampartBinary.run([
            "ats", "check", fixture("defaults.plist"), "http://printer.local/", "--os", "ios17",
        ])
        #expect(ios17.exitCode == 1)
    }

    @Test("check --format json gives the decisions")
    func checkJSON() async throws {
        let result = try await RampartBinary.run([
            "ats", "check", fixture("pinned.plist"), "https://api.shop.example.com/", "--format", "json",
        ])
        #expect(result.exitCode == 0)
        let decisions = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [[String: Any]])
        let pins = (decisions.first?["requirements"] as? [String: Any])?["pins"] as? [String: Any]
        #expect((pins?["caPins"] as? [Any])?.count == 2)
        #expect((pins?["leafPins"] as? [Any])?.count == 1)
    }

    @Test("check --strict refuses a plist whose values ATS would ignore, with exit 65 and the key paths")
    func checkRefusesBadTypes() async throws {
        let result = try await RampartBinary.run([
            "ats", "check", fixture("bad-types.plist"), "https://example.com/", "--strict",
        ])
        #expect(result.exitCode == 65)
        #expect(result.standardErrorText.contains("NSAppTransportSecurity.NSAllowsArbitraryLoads: expected a Boolean"))
        #expect(result.standardOutput.isEmpty)
        // Without --strict: decided without those values, each one a warning.
        let lenient = try await RampartBinary.run(["ats", "check", fixture("bad-types.plist"), "https://example.com/"])
        #expect(lenient.exitCode == 0, "\(lenient.standardErrorText)")
        #expect(lenient.standardOutputText.hasPrefix("ALLOWED https://example.com/"))
        let warnings = lenient.standardErrorText.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 5, "\(lenient.standardErrorText)")
        #expect(
            lenient.standardErrorText.contains(
                "NSAppTransportSecurity.NSAllowsArbitraryLoads: expected a Boolean, found the string 'YES'; ignored"))
    }

    @Test(
        "check decides a plist with <string>YES</string> for NSIncludesSubdomains as iOS does, with a warning",
        arguments: ["string-bool-vpn.plist", "string-bool-vpn-binary.plist"])
    func checkWrongTypedValue(name: String) async throws {
        let result = try await RampartBinary.run([
            "ats", "check", fixture(name), "http://vpn-provider.example/config", "http://api.vpn-provider.example/",
        ])
        #expect(result.exitCode == 1, "\(result.standardErrorText)")
        let lines = result.standardOutputText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("ALLOWED http://vpn-provider.example/config") == true)
        #expect(lines.last?.hasPrefix("BLOCKED http://api.vpn-provider.example/") == true)
        let warning = try #require(result.standardErrorText.split(separator: "\n").first)
        #expect(
            warning == "rampart: warning: \(fixture(name)): "
                + "NSAppTransportSecurity.NSExceptionDomains.vpn-provider.example.NSIncludesSubdomains: "
                + "expected a Boolean, found the string 'YES'; ignored, as iOS does: decided without it "
                + "(--strict refuses the file)")

        let allowed = try await RampartBinary.run(["ats", "check", fixture(name), "http://vpn-provider.example/"])
        #expect(allowed.exitCode == 0, "\(allowed.standardErrorText)")
        #expect(allowed.standardErrorText.contains("NSIncludesSubdomains: expected a Boolean"))

        let strict = try await RampartBinary.run([
            "ats", "check", fixture(name), "http://vpn-provider.example/", "--strict",
        ])
        #expect(strict.exitCode == 65)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.standardErrorText.contains("vpn-provider.example.NSIncludesSubdomains: expected a Boolean"))
    }

    @Test(
        "unreadable input exits 65, missing input 66, a bad URL 2",
        arguments: [
            ("not-a-plist.txt", "https://example.com/", Int32(65)), ("truncated.plist", "https://example.com/", 65),
            ("missing.plist", "https://example.com/", 66), ("defaults.plist", "ftp://example.com/", 2),
        ] as [(String, String, Int32)])
    func errors(file: String, url: String, status: Int32) async throws {
        let result = try await RampartBinary.run(["ats", "check", fixture(file), url])
        #expect(result.exitCode == status, "\(result.standardErrorText)")
        #expect(result.standardErrorText.hasPrefix("rampart: "))
    }

    @Test("explain lists the reasoning steps")
    func explain() async throws {
        let result = try await RampartBinary.run([
            "ats", "explain", fixture("exceptions.plist"), "http://a.b.example.org/",
        ])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("'b.example.org' does not include subdomains"))
        #expect(result.standardOutputText.contains("BLOCKED"))
    }

    @Test("audit --fail-on decides the exit code; SARIF and JSON are machine-readable")
    func audit() async throws {
        let high = try await RampartBinary.run(["ats", "audit", fixture("exceptions.plist")])
        #expect(high.exitCode == 1)
        #expect(high.standardOutputText.contains("[HIGH] ATS011 tls-below-1.2"))
        let lenient = try await RampartBinary.run(["ats", "audit", fixture("media-web.plist"), "--fail-on", "high"])
        #expect(lenient.exitCode == 0, "\(lenient.standardErrorText)")
        let strict = try await RampartBinary.run(["ats", "audit", fixture("media-web.plist"), "--fail-on", "medium"])
        #expect(strict.exitCode == 1)
        let sarif = try await RampartBinary.run([
            "ats", "audit", fixture("pinned.plist"), fixture("arbitrary.plist"), "--format", "sarif", "--fail-on",
            "high",
        ])
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.standardOutput) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [Any]) ?? []
        #expect(results.count > 5)
        let json = try await RampartBinary.run([
            "ats", "audit", fixture("defaults.plist"), "--format", "json", "--fail-on", "low",
        ])
        #expect(json.exitCode == 0)
        #expect(try JSONSerialization.jsonObject(with: json.standardOutput) is [Any])
    }
}
