import Foundation
import RampartPolicy
import Testing

@testable import RampartTrust

@Suite("Certificate Transparency: log lists")
struct CTLogListTests {
    static func data(_ name: String) throws -> Data {
        try Data(
            contentsOf: try #require(
                Bundle.module.url(forResource: "Fixtures/ct-log-lists/" + name, withExtension: nil)))
    }

    @Test("Chrome v3: logs and tiled logs, states, shards, the list's timestamp")
    func chrome() throws {
        let list = try CTLogList(json: try Self.data("chrome-v3.json"), source: "chrome-v3.json")
        #expect(list.logs.count == 2 && list.version == "1.0")
        #expect(list.timestamp == RFC3339Date.parse("2026-11-01T00:00:00Z"))
        let ecdsa = try #require(list.logs.values.first { $0.description == "Test ECDSA log" })
        #expect(ecdsa.operatorName == "Test Operator" && !ecdsa.isStaticCTAPI)
        #expect(ecdsa.state == .usable(since: try #require(RFC3339Date.parse("2020-01-01T00:00:00Z"))))
        #expect(ecdsa.temporalInterval?.lowerBound == RFC3339Date.parse("2026-01-01T00:00:00Z"))
        let tiled = try #require(list.logs.values.first { $0.isStaticCTAPI })
        #expect(tiled.state == .retired(since: try #require(RFC3339Date.parse("2025-06-01T00:00:00.123Z"))))
        #expect(tiled.url == "https://t.example.com/")
    }

    @Test("Apple v4: read-only with its version and final tree head; undated lists take the receipt time")
    func apple() throws {
        let received = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18, after the Chrome list
        let list = try CTLogList(json: try Self.data("apple-v4.json"), receivedAt: received)
        #expect(list.timestamp == received && list.version == "40")
        let log = try #require(list.logs.values.first)
        #expect(log.state == .readOnly(since: try #require(RFC3339Date.parse("2025-01-01T00:00:00Z"))))
        let chrome = try CTLogList(json: try Self.data("chrome-v3.json"))
        let merged = CTLogList.merged([list, chrome])
        #expect(merged.logs.count == 2)
        #expect(merged.logs[log.id]?.state == log.state, "the newer list's entry wins")
        #expect(merged.timestamp == received)
    }

    @Test("real data: Google's published v3 entries parse, with their IDs, shards and tiled logs")
    func googleExcerpt() throws {
        let list = try CTLogList(json: try Self.data("google-v3-excerpt.json"), source: "google-v3-excerpt.json")
        #expect(list.logs.count == 6 && list.version == "93.3")
        let argon = try #require(list.logs.values.first { $0.description == "Google 'Argon2027h1'" })
        #expect(argon.id.base64 == "1tWNqdAXU/NqSqDHV0kCr+vH3CzTjNn3ZMgMiRkenwI=")
        #expect(argon.url == "https://ct.googleapis.com/logs/us1/argon2027h1/" && !argon.isStaticCTAPI)
        #expect(argon.temporalInterval?.lowerBound == RFC3339Date.parse("2027-01-01T00:00:00Z"))
        #expect(list.logs.values.filter(\.isStaticCTAPI).count == 2)
        #expect(list.logs.values.allSatisfy { $0.operatorName == "Google" })
        // A P-256 key from the real list verifies nothing it did not sign.
        let sct = SignedCertificateTimestamp(
            logID: argon.id, timestamp: 1_790_000_000_000, signatureAlgorithm: 3, signature: [0x30, 0x00],
            origin: .embedded)
        #expect(!argon.verifies(sct, over: .certificate([0x30, 0x00])))
    }

    @Test("a log ID that is not its key's hash, an unknown state, and non-JSON are refused with the place")
    func refusals() throws {
        var text = String(decoding: try Self.data("chrome-v3.json"), as: UTF8.self)
        let forged = text.replacingOccurrences(of: "\"usable\"", with: "\"sunset\"")
        #expect {
            try CTLogList(json: Data(forged.utf8), source: "x.json")
        } throws: { error in
            guard case TrustError.malformedLogList(let source, let reason) = error else { return false }
            return source == "x.json" && reason.contains("unknown state \"sunset\"") && reason.contains("operators[0]")
        }
        let list = try CTLogList(json: Data(text.utf8))
        let id = try #require(list.logs.keys.first).base64
        text = text.replacingOccurrences(of: id, with: String(repeating: "A", count: 43) + "=")
        #expect(throws: TrustError.self) { try CTLogList(json: Data(text.utf8)) }
        #expect(throws: TrustError.self) { try CTLogList(json: Data("[]".utf8)) }
    }
}
