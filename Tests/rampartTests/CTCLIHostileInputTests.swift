import Crypto
import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import SwiftASN1
import Testing
import X509

/// `rampart ct check` with the inputs issue 26 tried: numeric options at their limits, ambiguous
/// and duplicated logs, dates that do not exist, pipes and /dev/null as lists, oversized lists, and a
/// certificate with a malformed SCT list.
@Suite("rampart ct check: hostile input")
struct CTCLIHostileInputTests {
    let scratch: ScratchFolder
    let pki: LabPKI
    let argon: LabCTLog
    let nimbus: LabCTLog
    let chainPath: String

    init() throws {
        scratch = try ScratchFolder("rampart-ct-hostile")
        pki = try LabPKI.shared()
        argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
        nimbus = try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare", key: .rsa2048)
        try scratch.write("log_list.json", try LabCTLog.chromeLogList([argon, nimbus]))
        let chain = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (nimbus, Date() - 60)])
        chainPath = try chain.export(to: try scratch.subfolder("chain")).chainPEM.path
    }

    func check(_ extra: [String], list: String = "log_list.json", input: Data = Data()) async throws
        -> PeerProcess.Result
    {
        try await RampartBinary.run(
            ["ct", "check", chainPath, "--log-list", list.hasPrefix("/") || list == "-" ? list : scratch.path(list)]
                + extra, input: input)
    }

    @Test("--max-list-age 9223372036854775807 with an undated list is a usage error (2), not a crash (132)")
    func hugeMaxListAge() async throws {
        let undated = String(decoding: try LabCTLog.chromeLogList([argon, nimbus]), as: UTF8.self)
            .split(separator: "\n").filter { !$0.contains("log_list_timestamp") }.joined(separator: "\n")
        try scratch.write("undated.json", undated)
        let huge = try await check(["--max-list-age", "9223372036854775807"], list: "undated.json")
        #expect(huge.exitCode == 2, "\(huge.standardErrorText)")
        #expect(huge.standardErrorText.contains("--max-list-age") && huge.standardErrorText.contains("36500"))
        for (option, value) in [
            ("--max-list-age", "0"), ("--max-list-age", "-5"), ("--max-list-size", "0"),
            ("--max-list-size", "9223372036854775807"), ("--timeout", "nan"), ("--timeout", "1e300"),
        ] {
            let result = try await check([option, value])
            #expect(result.exitCode == 2, "\(option) \(value): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains(option), "\(option) \(value): \(result.standardErrorText)")
        }
        // The largest age accepted works, and an undated list is reported, not fatal.
        let largest = try await check(["--max-list-age", "36500"], list: "undated.json")
        #expect(largest.exitCode == 0, "\(largest.standardErrorText)")
        #expect(largest.standardOutputText.contains("undated"), "\(largest.standardOutputText)")
    }

    @Test("--at takes strict RFC 3339 only: 2025-02-30 and T24:00:00Z are usage errors")
    func strictAt() async throws {
        for at in ["2025-02-30T00:00:00Z", "2025-01-01T24:00:00Z", "2025-01-01T00:00:00+99:99", "2025-01-01"] {
            let result = try await check(["--at", at])
            #expect(result.exitCode == 2, "\(at): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("not an RFC 3339 timestamp"), "\(result.standardErrorText)")
        }
        let fine = try await check(["--at", ISO8601DateFormatter().string(from: Date())])
        #expect(fine.exitCode == 0, "\(fine.standardErrorText)")
    }

    @Test("a log with two states, or two logs with one ID, make the list bad data (65) naming the log, every run")
    func ambiguousLists() async throws {
        let text = String(decoding: try LabCTLog.chromeLogList([argon, nimbus]), as: UTF8.self)
        let twoStates = text.replacingOccurrences(
            of: #""usable" : {"#, with: #""rejected" : { "timestamp" : "2018-01-01T00:00:00Z" }, "usable" : {"#)
        #expect(twoStates != text)
        try scratch.write("two-states.json", twoStates)
        for _ in 0..<3 {
            let result = try await check([], list: "two-states.json")
            #expect(result.exitCode == 65, "\(result.standardErrorText)")
            #expect(result.standardErrorText.contains("Lab Argon") || result.standardErrorText.contains("Lab Nimbus"))
            #expect(result.standardErrorText.contains("has 2 keys"), "\(result.standardErrorText)")
        }
        try scratch.write("duplicate.json", try LabCTLog.chromeLogList([argon, argon, nimbus]))
        let duplicate = try await check([], list: "duplicate.json")
        #expect(duplicate.exitCode == 65, "\(duplicate.standardErrorText)")
        #expect(
            duplicate.standardErrorText.contains("\(argon.id.base64) appears twice"), "\(duplicate.standardErrorText)")
    }

    @Test("--log-list from a pipe, process substitution or stdin is read; /dev/null and an empty file are 65")
    func pipesAndDevices() async throws {
        let list = try Data(contentsOf: URL(fileURLWithPath: scratch.path("log_list.json")))
        let stdin = try await check([], list: "-", input: list)
        #expect(stdin.exitCode == 0, "\(stdin.standardErrorText)")
        let substituted = try await PeerProcess.runAsync(
            "/bin/bash",
            [
                "-c", #""$0" ct check "$1" --log-list <(cat "$2")"#, RampartBinary.url.path, chainPath,
                scratch.path("log_list.json"),
            ])
        #expect(substituted.exitCode == 0, "\(substituted.standardErrorText)")
        let null = try await check([], list: "/dev/null")
        #expect(null.exitCode == 65, "\(null.standardErrorText)")
        #expect(null.standardErrorText.contains("empty") && !null.standardErrorText.contains("permission"))
        try scratch.write("empty.json", "")
        let empty = try await check([], list: "empty.json")
        #expect(empty.exitCode == 65 && empty.standardErrorText.contains("empty"), "\(empty.standardErrorText)")
        let directory = try await check([], list: scratch.path(""))
        #expect(directory.exitCode == 66, "\(directory.standardErrorText)")
    }

    @Test("a list over --max-list-size (default 8 MiB) is 65 and names the limit; a larger limit reads it")
    func sizeLimit() async throws {
        let small = try await check(["--max-list-size", "100"])
        #expect(small.exitCode == 65, "\(small.standardErrorText)")
        #expect(small.standardErrorText.contains("over the limit of 100 bytes"), "\(small.standardErrorText)")
        var padded = try Data(contentsOf: URL(fileURLWithPath: scratch.path("log_list.json")))
        padded.append(Data(repeating: UInt8(ascii: " "), count: 8 << 20))
        try padded.write(to: URL(fileURLWithPath: scratch.path("padded.json")))
        let defaultLimit = try await check([], list: "padded.json")
        #expect(defaultLimit.exitCode == 65, "\(defaultLimit.standardErrorText)")
        #expect(defaultLimit.standardErrorText.contains("8388608"), "\(defaultLimit.standardErrorText)")
        let raised = try await check(["--max-list-size", "\(9 << 20)"], list: "padded.json")
        #expect(raised.exitCode == 0, "\(raised.standardErrorText)")
        let help = try await RampartBinary.run(["ct", "check", "--help"])
        #expect(help.standardOutputText.contains("--max-list-size"), "\(help.standardOutputText)")
    }

    @Test("a list dated in the future is reported as not current")
    func futureList() async throws {
        try scratch.write(
            "future.json", try LabCTLog.chromeLogList([argon, nimbus], publishedAt: Date() + 10 * 365 * 86_400))
        let result = try await check(["--format", "json"], list: "future.json")
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        #expect(report["logListCurrent"] as? Bool == false)
        #expect((report["notes"] as? [String])?.contains { $0.contains("after the time checked") } == true)
    }

    @Test("a certificate whose SCT list is malformed is bad data (65), named as malformed in the report")
    func malformedSCTList() async throws {
        let leaf = try pki.leafWithRawSCTList()
        try scratch.write("malformed.pem", try leaf.serializeAsPEM().pemString + "\n" + pki.intermediate.certificatePEM)
        let result = try await RampartBinary.run([
            "ct", "check", scratch.path("malformed.pem"), "--log-list", scratch.path("log_list.json"),
        ])
        #expect(result.exitCode == 65, "\(result.standardErrorText)")
        #expect(result.standardOutputText.contains("malformed SCT list"), "\(result.standardOutputText)")
        #expect(!result.standardOutputText.contains("no SCT"), "\(result.standardOutputText)")
        #expect(result.standardErrorText.contains("malformed"), "\(result.standardErrorText)")
        let json = try await RampartBinary.run([
            "ct", "check", scratch.path("malformed.pem"), "--log-list", scratch.path("log_list.json"), "--format",
            "json",
        ])
        #expect(json.exitCode == 65)
        let report = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        #expect(report["malformedSCTList"] is String)
    }

    @Test("an SCT dated at the end of 64-bit time is reported (text and JSON), never trapped on")
    func farFutureSCT() async throws {
        var sct: [UInt8] = [0x00] + argon.id.bytes + Array(repeating: 0xFF, count: 8)
        sct += [0x00, 0x00, 0x04, 0x03, 0x00, 0x02, 0x30, 0x00]
        let list: [UInt8] = [0x00, UInt8(sct.count + 2), 0x00, UInt8(sct.count)] + sct
        let leaf = try pki.leafWithRawSCTList(list)
        try scratch.write("far.pem", try leaf.serializeAsPEM().pemString + "\n" + pki.intermediate.certificatePEM)
        for format in ["text", "json"] {
            let result = try await RampartBinary.run([
                "ct", "check", scratch.path("far.pem"), "--log-list", scratch.path("log_list.json"), "--format", format,
            ])
            #expect(result.exitCode == 1, "\(format): \(result.standardErrorText)")
            #expect(result.standardOutputText.contains("future"), "\(result.standardOutputText)")
        }
    }
}
