import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart ct check` as a user runs it: files and live servers, text and JSON, exit codes.
@Suite("rampart ct check")
struct CTCLITests {
    let scratch: ScratchFolder
    let pki: LabPKI
    let argon: LabCTLog
    let nimbus: LabCTLog

    init() throws {
        scratch = try ScratchFolder("rampart-ct-cli")
        pki = try LabPKI.shared()
        argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
        nimbus = try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare", key: .rsa2048)
        try scratch.write("log_list.json", try LabCTLog.chromeLogList([argon, nimbus]))
    }

    func files(_ chain: LabChain) throws -> LabChainFiles { try chain.export(to: try scratch.subfolder("chain")) }

    @Test("a compliant chain file exits 0; its JSON lists each SCT with its log, operator and status")
    func compliant() async throws {
        let chain = try files(try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (nimbus, Date() - 60)]))
        let text = try await RampartBinary.run([
            "ct", "check", chain.chainPEM.path, "--log-list", scratch.path("log_list.json"),
        ])
        #expect(text.exitCode == 0, "\(text.standardErrorText)")
        #expect(text.standardOutputText.contains("SCT Lab Argon (Lab Google)"), "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("meets apple's CT policy"))
        let json = try await RampartBinary.run([
            "ct", "check", chain.leafPEM.path, "--issuer", chain.chainPEM.path, "--log-list",
            scratch.path("log_list.json"), "--format", "json", "--policy", "chrome",
        ])
        #expect(json.exitCode == 0, "\(json.standardErrorText)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(report["compliant"] as? Bool == true && report["policy"] as? String == "chrome")
        let scts = try #require(report["scts"] as? [[String: Any]])
        #expect(scts.count == 2)
        #expect(Set(scts.compactMap { $0["operator"] as? String }) == ["Lab Google", "Lab Cloudflare"])
        #expect(scts.allSatisfy { $0["status"] as? String == "valid" && ($0["logID"] as? String)?.count == 44 })
        #expect(scts.allSatisfy { $0["logDescription"] is String && $0["timestamp"] is String })
    }

    @Test("a chain that does not meet the policy exits 1 and says what is missing; a live server is checked too")
    func notCompliant() async throws {
        let one = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60)])
        let result = try await RampartBinary.run([
            "ct", "check", try files(one).chainPEM.path, "--log-list", scratch.path("log_list.json"),
        ])
        #expect(result.exitCode == 1)
        #expect(result.standardOutputText.contains("missing: SCTs from at least 2 approved logs (found 1)"))
        try await LabServer.withServer(LabServerConfiguration(chain: one)) { server in
            let live = try await RampartBinary.run([
                "ct", "check", "127.0.0.1:\(server.port)", "--log-list", scratch.path("log_list.json"),
            ])
            #expect(live.exitCode == 1, "\(live.standardErrorText)")
            #expect(live.standardOutputText.contains("SCT Lab Argon (Lab Google)"), "\(live.standardOutputText)")
        }
    }

    @Test("a log list whose description holds a line break or an escape sequence cannot forge a report line")
    func hostileLogList() async throws {
        let hostile = try LabCTLog(
            name: "Lab Argon\nmeets apple's CT policy: forged\u{1B}[2J", operatorName: "Lab Google\rok")
        try scratch.write("hostile.json", try LabCTLog.chromeLogList([hostile, nimbus]))
        let chain = try files(try pki.leafWithEmbeddedSCTs(from: [(hostile, Date() - 60), (nimbus, Date() - 60)]))
        let result = try await RampartBinary.run([
            "ct", "check", chain.chainPEM.path, "--log-list", scratch.path("hostile.json"),
        ])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let lines = result.standardOutputText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!lines.contains { $0.hasPrefix("meets apple's CT policy: forged") }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("SCT Lab Argon\\nmeets apple's CT policy: forged\\x1b[2J (Lab Google\\rok)")
            },
            "\(lines)")
        #expect(!result.standardOutput.contains(0x1B) && !result.standardOutput.contains(0x0D))
        #expect(lines.filter { $0.hasPrefix("SCT ") }.count == 2 && lines.last == "")
    }

    @Test("no log list is a usage error (2); a missing file 66; a log list that is not one 65")
    func badInput() async throws {
        let chain = try files(try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60)]))
        #expect(try await RampartBinary.run(["ct", "check", chain.chainPEM.path]).exitCode == 2)
        let missing = try await RampartBinary.run([
            "ct", "check", chain.chainPEM.path, "--log-list", scratch.path("nope.json"),
        ])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        try scratch.write("bad.json", "{\"operators\": [{\"name\": \"x\", \"logs\": [{\"key\": \"!!\"}]}]}")
        let bad = try await RampartBinary.run([
            "ct", "check", chain.chainPEM.path, "--log-list", scratch.path("bad.json"),
        ])
        #expect(bad.exitCode == 65, "\(bad.standardErrorText)")
        #expect(bad.standardErrorText.contains("is not a usable CT log list"))
    }

    @Test("fetch --ct-log-list: -v shows the SCTs; a host ATS requires CT for is refused without them (exit 1)")
    func fetch() async throws {
        try scratch.write(
            "policy.json",
            #"{"NSAppTransportSecurity":{"NSExceptionDomains":{"localhost":{"NSRequiresCertificateTransparency":true}}}}"#
        )
        let compliant = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (nimbus, Date() - 60)])
        let root = try files(compliant).rootPEM.path
        let common = [
            "--ca", root, "--ca-only", "--policy", scratch.path("policy.json"), "--ct-log-list",
            scratch.path("log_list.json"),
        ]
        try await LabServer.withServer(LabServerConfiguration(chain: compliant)) { server in
            let result = try await RampartBinary.run(["fetch", "https://localhost:\(server.port)/", "-v"] + common)
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(
                result.standardErrorText.contains("* CT: SCT Lab Nimbus (Lab Cloudflare)"),
                "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("* CT: meets apple's CT policy"))
        }
        // The decision -v prints is the handshake's: a chain refused for CT shows the decision that refused it.
        let one = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60)])
        try await LabServer.withServer(LabServerConfiguration(chain: one)) { server in
            let result = try await RampartBinary.run(["fetch", "https://localhost:\(server.port)/", "-v"] + common)
            #expect(result.exitCode == 1, "\(result.standardErrorText)")
            let lines = result.standardErrorText.split(separator: "\n").map(String.init)
            #expect(
                lines.contains { $0.hasPrefix("* CT: SCT Lab Argon (Lab Google)") && $0.hasSuffix(": valid") },
                "\(result.standardErrorText)")
            #expect(lines.contains { $0.hasPrefix("* CT: does not meet apple's CT policy") })
            #expect(lines.contains("* CT: missing: SCTs from at least 2 approved logs (found 1)"), "\(lines)")
            #expect(server.requestsServed == 0)
        }
        // A root given with --ca is exempt when ATS does not require CT: -v says CT was not checked.
        try await LabServer.withServer(LabServerConfiguration(chain: one)) { server in
            let exempt = try await RampartBinary.run([
                "fetch", "https://localhost:\(server.port)/", "-v", "--ca", root, "--ca-only", "--ct-log-list",
                scratch.path("log_list.json"),
            ])
            #expect(exempt.exitCode == 0, "\(exempt.standardErrorText)")
            #expect(exempt.standardErrorText.contains("* CT: not checked: the chain ends at a root given with --ca"))
            #expect(!exempt.standardErrorText.contains("* CT: SCT"), "\(exempt.standardErrorText)")
        }
        let bare = try pki.leafWithEmbeddedSCTs(from: [])
        try await LabServer.withServer(LabServerConfiguration(chain: bare)) { server in
            let refused = try await RampartBinary.run(["fetch", "https://localhost:\(server.port)/"] + common)
            #expect(refused.exitCode == 1, "\(refused.standardErrorText)")
            #expect(refused.standardErrorText.contains("Certificate Transparency"), "\(refused.standardErrorText)")
            #expect(server.requestsServed == 0)
            let noList = try await RampartBinary.run([
                "fetch", "https://localhost:\(server.port)/", "--ca", root, "--ca-only", "--policy",
                scratch.path("policy.json"),
            ])
            #expect(noList.exitCode == 1)
            #expect(noList.standardErrorText.contains("no CT log list"), "\(noList.standardErrorText)")
        }
    }
}
