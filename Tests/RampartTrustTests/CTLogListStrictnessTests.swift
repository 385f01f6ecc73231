import Crypto
import Foundation
import RampartPolicy
import Testing

@testable import RampartTrust

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Log lists that are ambiguous, of the wrong shape or too large are refused whole, naming the
/// place; nothing is guessed (issue 26).
@Suite("Certificate Transparency: log lists refused or bounded, never guessed")
struct CTLogListStrictnessTests {
    static let ecdsaKey =
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEmXg8sUUzwBYaWrRb+V0IopzQ6o3UyEJ04r5ZrRXGdpYM8K+hB0pXrGRLI0eeWz+3skXrS0IO83AhA3GpRL6s6w=="
    static let usable = #"{"usable": {"timestamp": "2020-01-01T00:00:00Z"}}"#

    /// One log entry; `state: nil` leaves the key out.
    static func log(
        key: String = ecdsaKey, description: String = "Test ECDSA log", state: String? = usable, extra: String = ""
    ) -> String {
        var fields = [#""description": "\#(description)""#, #""key": "\#(key)""#, #""url": "https://ct.example.com/""#]
        if let state { fields.append(#""state": \#(state)"#) }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A list with one operator holding `logs` (JSON texts).
    static func list(_ logs: [String], timestamp: String = #""2026-11-01T00:00:00Z""#) -> Data {
        Data(
            #"{"version": "1", "log_list_timestamp": \#(timestamp), "operators": [{"name": "Test Operator", "logs": [\#(logs.joined(separator: ", "))]}]}"#
                .utf8)
    }

    /// The reason a list is refused for (and checks the error's kind and source).
    static func refusal(_ data: Data) -> String? {
        do {
            _ = try CTLogList(json: data, source: "list.json")
            return nil
        } catch {
            guard case .malformedLogList(let source, let reason) = error, source == "list.json" else { return nil }
            return reason
        }
    }

    @Test("a state object with two keys (usable and rejected) refuses the list whole, naming the log")
    func ambiguousState() throws {
        #expect(try CTLogList(json: Self.list([Self.log()])).logs.count == 1)
        let both =
            #"{"usable": {"timestamp": "2020-01-01T00:00:00Z"}, "rejected": {"timestamp": "2021-01-01T00:00:00Z"}}"#
        let reason = try #require(Self.refusal(Self.list([Self.log(state: both)])), "an ambiguous state was read")
        #expect(reason.contains("operators[0] (Test Operator), logs[0] (Test ECDSA log)"), "\(reason)")
        #expect(reason.contains(#"has 2 keys ("rejected", "usable")"#), "\(reason)")
    }

    @Test(
        "a state of the wrong type is refused, not read as pending",
        arguments: [
            (#""usable""#, "is not an object"), ("[]", "is not an object"), ("{}", "has 0 keys"),
            (#"{"usable": "2020-01-01T00:00:00Z"}"#, #"the "usable" state is not an object"#),
            (#"{"usable": {"timestamp": 1577836800}}"#, "is not a string"),
            ("null", "is not an object"),
        ])
    func wrongStateType(state: String, expected: String) throws {
        let reason = try #require(Self.refusal(Self.list([Self.log(state: state)])), "state \(state) was read")
        #expect(reason.contains(expected) && reason.contains("logs[0]"), "\(reason)")
    }

    @Test("a log without a state is pending (the schema's default), as before")
    func noState() throws {
        let list = try CTLogList(json: Self.list([Self.log(state: nil)]))
        #expect(list.logs.values.first?.state == .pending)
    }

    @Test("two logs with one ID are refused, naming the ID and both places")
    func duplicateIDs() throws {
        let reason = try #require(
            Self.refusal(Self.list([Self.log(description: "first"), Self.log(description: "second")])),
            "a duplicate log ID was read")
        let id = CTLogID(subjectPublicKeyInfoDER: Array(try #require(Data(base64Encoded: Self.ecdsaKey)))).base64
        #expect(reason.contains("log ID \(id) appears twice"), "\(reason)")
        #expect(reason.contains("logs[1] (second)") && reason.contains("first at operators[0]"), "\(reason)")
    }

    @Test(
        "one bad entry in an operator's logs refuses the list, naming the operator and index",
        arguments: [
            (
                #"{"version": "1", "operators": [{"name": "Op", "logs": [LOG, 42]}]}"#,
                #"operators[0] (Op), logs[1] is not an object"#
            ),
            (
                #"{"version": "1", "operators": [{"name": "Op", "logs": LOG}]}"#,
                #"operators[0] (Op): "logs" is not an array"#
            ),
            (
                #"{"version": "1", "operators": [{"name": "Op", "tiled_logs": [null]}]}"#,
                "operators[0] (Op), tiled_logs[0] is not an object"
            ),
            (#"{"version": "1", "operators": [LOG2, "x"]}"#, "operators[1] is not an object"),
            (#"{"version": "1", "operators": [{"name": 7, "logs": []}]}"#, #"operators[0]: "name" is not a string"#),
            (#"{"version": "1", "operators": [{"name": "Op", "logs": [LOGID]}]}"#, #""log_id" is not a string"#),
        ])
    func badEntries(template: String, expected: String) throws {
        let json =
            template
            .replacingOccurrences(of: "LOG2", with: #"{"name": "Op", "logs": [\#(Self.log())]}"#)
            .replacingOccurrences(of: "LOGID", with: Self.log(extra: #""log_id": 5"#))
            .replacingOccurrences(of: "LOG", with: Self.log())
        let reason = try #require(Self.refusal(Data(json.utf8)), "\(json) was read")
        #expect(reason.contains(expected), "\(reason)")
    }

    @Test(
        "dates are strict RFC 3339: an impossible day, 24:00, a bad offset, a trailing newline or a number are refused",
        arguments: [
            (
                #"{"usable": {"timestamp": "2025-02-30T00:00:00Z"}}"#, #""2026-11-01T00:00:00Z""#,
                "day 30 does not exist"
            ),
            (#"{"usable": {"timestamp": "2025-01-01T24:00:00Z"}}"#, #""2026-11-01T00:00:00Z""#, "hour 24"),
            (#"{"usable": {"timestamp": "2025-01-01T00:00:00+99:99"}}"#, #""2026-11-01T00:00:00Z""#, "offset"),
            (usable, #""2026-11-01T00:00:00Z\n""#, "log_list_timestamp"),
            (usable, #""２０２６-11-01T00:00:00Z""#, "ASCII digits"),
            (usable, "1793534400", #""log_list_timestamp" is not a string"#),
        ])
    func strictDates(state: String, timestamp: String, expected: String) throws {
        let reason = try #require(
            Self.refusal(Self.list([Self.log(state: state)], timestamp: timestamp)), "\(state) \(timestamp) was read")
        #expect(reason.contains(expected), "\(reason)")
    }

    @Test("the temporal interval's dates are strict too")
    func strictShard() throws {
        let shard =
            #""temporal_interval": {"start_inclusive": "2026-01-01T00:00:00Z", "end_exclusive": "2026-12-32T00:00:00Z"}"#
        let reason = try #require(Self.refusal(Self.list([Self.log(extra: shard)])))
        #expect(reason.contains("end_exclusive") && reason.contains("day 32 does not exist"), "\(reason)")
    }

    @Test("the size is capped: 8 MiB by default, the caller's limit otherwise; an empty input is refused")
    func sizeCap() throws {
        let small = Self.list([Self.log()])
        #expect(CTLogList.defaultMaximumSize == 8 << 20)
        let reason = try #require(
            {
                do {
                    _ = try CTLogList(json: small, maximumSize: small.count - 1)
                    return nil
                } catch {
                    return "\(error)"
                }
            }() as String?)
        #expect(reason.contains("over the limit of \(small.count - 1) bytes"), "\(reason)")
        #expect(try CTLogList(json: small, maximumSize: small.count).logs.count == 1)
        // A list padded past 8 MiB with whitespace (valid JSON) is refused before it is parsed.
        var padded = small
        padded.append(Data(repeating: UInt8(ascii: " "), count: 8 << 20))
        #expect(Self.refusal(padded)?.contains("over the limit of 8388608 bytes") == true)
        #expect(try CTLogList(json: padded, maximumSize: 9 << 20).logs.count == 1)
        #expect(Self.refusal(Data())?.contains("empty") == true)
    }

    @Test("a generated list of the real v3 shape and 2,000 logs loads, every log kept")
    func manyLogs() throws {
        let keys = (0..<2_000).map { _ in
            P256.Signing.PrivateKey().publicKey.derRepresentation.base64EncodedString()
        }
        let logs = keys.enumerated().map { index, key in
            Self.log(
                key: key, description: "Log \(index)",
                state: #"{"usable": {"timestamp": "2020-01-0\#(index % 9 + 1)T00:00:00.\#(index)Z"}}"#,
                extra:
                    #""temporal_interval": {"start_inclusive": "2026-01-01T00:00:00Z", "end_exclusive": "2027-01-01T00:00:00Z"}"#
            )
        }
        let list = try CTLogList(json: Self.list(logs))
        #expect(list.logs.count == 2_000)
    }

    @Test(
        "files, pipes and /dev/null: a pipe is read like a file, /dev/null is an empty list, a directory is not a file")
    func contentsOf() throws {
        // A pipe (what `<(cat list.json)` gives a program), opened by its /dev/fd path.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let data = Self.list([Self.log()])
        let written = data.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        #expect(written == data.count)
        close(ends[1])
        defer { close(ends[0]) }
        // Int.max stands for "no limit" and must not overflow.
        let list = try CTLogList(contentsOf: URL(fileURLWithPath: "/dev/fd/\(ends[0])"), maximumSize: .max)
        #expect(list.logs.count == 1)
        #expect(throws: TrustError.self) {
            try CTLogList(contentsOf: URL(fileURLWithPath: "/dev/zero"), maximumSize: 1 << 20)
        }
        #expect {
            try CTLogList(contentsOf: URL(fileURLWithPath: "/dev/null"))
        } throws: { error in
            guard case TrustError.malformedLogList(let source, let reason) = error else { return false }
            return source == "/dev/null" && reason.contains("empty")
        }
        #expect(throws: TrustError.notAFile(path: "/tmp", kind: "a directory")) {
            try CTLogList(contentsOf: URL(fileURLWithPath: "/tmp"))
        }
        #expect(throws: TrustError.missingFile(path: "/nonexistent/list.json")) {
            try CTLogList(contentsOf: URL(fileURLWithPath: "/nonexistent/list.json"))
        }
    }
}
