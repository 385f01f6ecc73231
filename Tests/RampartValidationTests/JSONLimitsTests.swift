// JSONLimits that the parser can honour (Foundation's real depth limit, measured here) and
// duplicate keys, refused by default with their key path.

import Foundation
import RampartValidation
import Testing

@Suite("Contracts: parsable depth and duplicate keys")
struct JSONLimitsTests {
    static func nested(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    static func violation(_ json: String, _ limits: JSONLimits = .default) -> ContractViolation? {
        do {
            try ContractDecoder(limits: limits).checkLimits(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    struct Anything: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    @Test("Foundation's JSON parser reads 512 levels and no more: JSONLimits.deepestParsable says so")
    func foundationsDepthLimit() throws {
        #expect(JSONLimits.deepestParsable == 512)
        let deepest = Self.nested(JSONLimits.deepestParsable)
        let deeper = Self.nested(JSONLimits.deepestParsable + 1)
        #expect((try? JSONSerialization.jsonObject(with: deepest)) != nil)
        #expect((try? JSONSerialization.jsonObject(with: deeper)) == nil)
        #expect((try? JSONDecoder().decode(Anything.self, from: deepest)) != nil)
        #expect((try? JSONDecoder().decode(Anything.self, from: deeper)) == nil)
    }

    @Test("a depth limit over 512 is refused by check(), and a 600-deep document is tooDeep, never \"not JSON\"")
    func depthBeyondTheParser() throws {
        var limits = JSONLimits.default
        limits.maxDepth = 1000
        #expect(throws: JSONLimitsError.self) { try limits.check() }
        do {
            try limits.check()
        } catch {
            #expect(error.limit == "maxDepth" && error.value == 1000)
            #expect(error.detail.contains("512 levels Foundation's JSON parser reads"))
        }
        let deep = try #require(Self.violation(String(decoding: Self.nested(600), as: UTF8.self), limits))
        #expect(deep.rule == .tooDeep && deep.offset == 512)
        #expect(
            deep.detail == "nesting deeper than 512 (the most Foundation's JSON parser reads; the limits ask for 1000)")
        #expect(Self.violation(String(decoding: Self.nested(512), as: UTF8.self), limits) == nil)
        limits.maxDepth = 512
        try limits.check()
        limits.maxDepth = 0
        #expect(throws: JSONLimitsError.self) { try limits.check() }
        try JSONLimits.default.check()
    }

    @Test("a key given twice in one object is a violation with its key path; siblings and nested objects are not")
    func duplicateKeys() throws {
        let plain = try #require(Self.violation(#"{"a":1,"b":2,"a":3}"#))
        #expect(plain.rule == .duplicateKey && plain.keyPath == "a" && plain.offset == 13)
        #expect(plain.detail == "a key given twice in one object (first at byte 1)")
        let nested = try #require(Self.violation(#"{"items":[{"name":"x"},{"name":"y","id":1,"name":"z"}]}"#))
        #expect(nested.rule == .duplicateKey && nested.keyPath == "items[1].name")
        // Equal as JSONDecoder reads them: escapes resolved, canonical equivalence (K and the Kelvin sign).
        #expect(Self.violation(#"{"a":1,"\u0061":2}"#)?.rule == .duplicateKey)
        #expect(Self.violation(#"{"K":1,"\u212A":2}"#)?.rule == .duplicateKey)
        #expect(Self.violation("{\"\u{E9}\":1,\"e\u{301}\":2}")?.rule == .duplicateKey)
        #expect(Self.violation(#"{"a\"":1,"a\\":2}"#) == nil)
        #expect(Self.violation(#"[{"a":1},{"a":2}]"#) == nil)
        #expect(Self.violation(#"{"a":{"a":{"a":1}},"b":[{"a":1,"b":2}]}"#) == nil)
        #expect(Self.violation(#"{"a":1,"A":2,"a ":3}"#) == nil)
        var allowing = JSONLimits.default
        allowing.allowsDuplicateKeys = true
        #expect(Self.violation(#"{"a":1,"a":3}"#, allowing) == nil)
    }

    @Test("100,000 copies of one key stop at the second; a duplicate far into a large object is found")
    func duplicateKeysInLargeObjects() throws {
        let copies = "{" + Array(repeating: #""k":1"#, count: 100_000).joined(separator: ",") + "}"
        let first = try #require(Self.violation(copies))
        #expect(first.rule == .duplicateKey && first.keyPath == "k" && first.offset == 7)
        let keys = (0..<5000).map { #""key\#($0)":\#($0)"# }
        let distinct = "{\"outer\":{" + keys.joined(separator: ",") + "}}"
        #expect(Self.violation(distinct) == nil)
        for repeated in [0, 3, 15, 16, 17, 4999] {
            let document = "{\"outer\":{" + (keys + [#""key\#(repeated)":0"#]).joined(separator: ",") + "}}"
            let violation = try #require(Self.violation(document), "key\(repeated)")
            #expect(violation.rule == .duplicateKey && violation.keyPath == "outer.key\(repeated)")
            let firstAt = try #require(document.range(of: "\"key\(repeated)\""))
            #expect(
                violation.detail.hasSuffix(
                    "(first at byte \(document.utf8.distance(from: document.startIndex, to: firstAt.lowerBound)))"))
        }
        // Objects opened inside a large one keep their own keys.
        let inner = "{" + keys.prefix(40).joined(separator: ",") + ",\"child\":{\"key1\":1,\"x\":{\"key1\":2}},\"y\":1}"
        #expect(Self.violation(inner) == nil)
    }

    @Test(
        "duplicate keys found exactly where Python's json module sees them, on 600 generated documents",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func duplicateKeysAgreeWithPython() async throws {
        // Keys from a small alphabet, written plainly or with \u escapes, in objects nested in
        // objects and arrays: many documents repeat a key somewhere, many do not.
        var state: UInt64 = 0xD0B1_E5EE_D026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func key() -> String {
            let letters = [
                "a", "b", "\\u0061", "\\u0062", "ab", "a\\u0062", "\\\"", "\\\\", "é", "\\u00e9", "😀", "\\ud83d\\ude00",
            ]
            return (0..<(1 + next(2))).map { _ in letters[next(letters.count)] }.joined()
        }
        func value(_ depth: Int) -> String {
            switch depth > 3 ? 0 : next(4) {
            case 1: return object(depth + 1)
            case 2: return "[" + (0..<next(4)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default: return String(next(100))
            }
        }
        func object(_ depth: Int) -> String {
            "{" + (0..<next(5)).map { _ in "\"\(key())\":\(value(depth))" }.joined(separator: ",") + "}"
        }
        let documents = (0..<600).map { _ in object(0) }
        let reader = """
            import json, sys
            def pairs(items):
                keys = [k for k, _ in items]
                if len(set(keys)) != len(keys): raise ValueError("duplicate")
                return dict(items)
            out = []
            for document in json.load(sys.stdin):
                try: json.loads(document, object_pairs_hook=pairs); out.append(False)
                except ValueError: out.append(True)
            json.dump(out, sys.stdout)
            """
        let output = try await SanitizerHostileInputTests.run(
            "/usr/bin/python3", ["-c", reader], input: try JSONEncoder().encode(documents))
        #expect(output.status == 0, "\(String(decoding: output.error, as: UTF8.self))")
        let python = try JSONDecoder().decode([Bool].self, from: output.data)
        #expect(python.count == documents.count)
        #expect(python.filter { $0 }.count > 50 && python.filter { !$0 }.count > 50)
        for (document, duplicated) in zip(documents, python) {
            let violation = Self.violation(document)
            #expect(
                violation?.rule == (duplicated ? .duplicateKey : nil),
                "\(document): \(violation.map { "\($0)" } ?? "accepted")")
        }
    }

    @Test("typed decoding refuses duplicate keys too, before JSONDecoder picks one")
    func typedDecodingRefusesDuplicates() throws {
        struct Transfer: JSONContract { var amount = 0; var to = "" }
        #expect(throws: ContractViolation.self) {
            _ = try ContractDecoder().decode(Transfer.self, from: Data(#"{"amount":1,"to":"a","amount":1000000}"#.utf8))
        }
        let ok = try ContractDecoder().decode(Transfer.self, from: Data(#"{"amount":1,"to":"a"}"#.utf8))
        #expect(ok.amount == 1)
    }

    @Test("limits written before allowsDuplicateKeys existed still decode, refusing duplicates")
    func limitsCodable() throws {
        let old = #"{"maxBytes":10,"maxDepth":3,"maxStringBytes":5,"maxElements":7,"maxNumberCharacters":9}"#
        let limits = try JSONDecoder().decode(JSONLimits.self, from: Data(old.utf8))
        #expect(
            limits == JSONLimits(maxBytes: 10, maxDepth: 3, maxStringBytes: 5, maxElements: 7, maxNumberCharacters: 9))
        #expect(!limits.allowsDuplicateKeys)
        var allowing = limits
        allowing.allowsDuplicateKeys = true
        #expect(try JSONDecoder().decode(JSONLimits.self, from: JSONEncoder().encode(allowing)) == allowing)
    }
}
