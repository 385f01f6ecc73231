import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// The library says what went wrong in its own terms; the command adds the flag that changes it.
@Suite("rampart: flag hints after library failures")
struct FlagHintCLITests {
    @Test("pin show on a server that never answers exits 74 and names --timeout; the library text names no flag")
    func probeTimeoutHint() async throws {
        let result = try await LabScriptedPeer.with(.silent) { port in
            try await RampartBinary.run(["pin", "127.0.0.1:\(port)", "--timeout", "0.3"])
        }
        #expect(result.exitCode == 74, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("(--timeout SECONDS waits longer)"), "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("longer timeout?"), "\(result.standardErrorText)")
    }

    @Test("pin verify JSON: per-domain healthy from the library, and a stable code per problem")
    func pinVerifyCodes() async throws {
        let folder = try ScratchFolder("rampart-flag-hints")
        let pins = [
            "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
            "sha256/YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",
        ]
        let trustKit: [String: Any] = ["TSKPinnedDomains": ["a.example": ["TSKPublicKeyHashes": pins]]]
        try folder.write("trustkit.json", try JSONSerialization.data(withJSONObject: trustKit))
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let result = try await RampartBinary.run([
            "pin", "verify", "--pins", folder.path("trustkit.json"), "--connect", "a.example=127.0.0.1:\(port)",
            "--format", "json",
        ])
        #expect(result.exitCode == 74, "\(result.standardErrorText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let domains = try #require(report["domains"] as? [[String: Any]])
        #expect(domains.first?["healthy"] as? Bool == false)
        #expect(domains.first?["problemCodes"] as? [String] == ["unreachable"])
        #expect(report["healthy"] as? Bool == false)
    }
}
