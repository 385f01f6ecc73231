// Contract decoding: limits before decoding, Bounded fields, unknown keys, integer-ness, and the key
// path and rule of every refusal.

import Foundation
import RampartValidation
import Testing

struct ShopItem: JSONContract, Equatable {
    @Bounded(1...24) var name = ""
    @Bounded(0...1_000_000) var price = 0
    @Bounded(0...5) var tags: [String] = []
    var note: String? = nil
}

struct ShopPage: JSONContract, Equatable {
    var items: [ShopItem] = []
    @Bounded(1...100) var page = 1
}

struct Lenient: JSONContract {
    static let unknownKeys = UnknownKeyPolicy.ignore
    static let contractKeyNames = ["shortName": "short-name"]
    @Bounded(1...8, unit: .utf8Bytes) var shortName = "x"
    enum CodingKeys: String, CodingKey { case shortName = "short-name" }
}

struct Counter: JSONContract {
    var count: UInt8 = 0
    var total: Int = 0
}

@Suite("Contracts: decoding with limits")
struct ContractDecoderTests {
    let decoder = ContractDecoder()

    func refusal<T: Decodable>(_ type: T.Type, _ json: String, decoder: ContractDecoder = ContractDecoder())
        -> ContractViolation?
    {
        do {
            _ = try decoder.decode(T.self, from: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesAValidPage() throws {
        let page = try decoder.decode(
            ShopPage.self,
            from: Data(
                #"{"items":[{"name":"Tea","price":3,"tags":["hot"]},{"name":"👩‍👩‍👧","price":0,"tags":[],"note":"ok"}],"page":2}"#
                    .utf8))
        #expect(page.items.count == 2 && page.items[1].name == "👩‍👩‍👧" && page.page == 2)
    }

    @Test func namesTheKeyPathOfALengthBreak() throws {
        let long = String(repeating: "é", count: 25)
        let items = (0..<4).map { #"{"name":"\#($0 == 3 ? long : "ok")","price":1,"tags":[]}"# }.joined(separator: ",")
        let violation = try #require(refusal(ShopPage.self, #"{"items":[\#(items)],"page":1}"#))
        #expect(violation.rule == .lengthOutOfRange)
        #expect(violation.keyPath == "items[3].name")
        #expect(violation.description.contains("25 grapheme clusters, outside 1...24"))
    }

    @Test func unknownKeysAreRefusedWithTheirPath() throws {
        let violation = try #require(
            refusal(
                ShopPage.self,
                #"{"items":[{"name":"a","price":1,"tags":[]},{"name":"b","price":1,"tags":[],"admin":true}],"page":1}"#)
        )
        #expect(violation.rule == .unknownKey && violation.keyPath == "items[1].admin")
        #expect(violation.offset != nil)
    }

    @Test func unknownKeysCanBeIgnoredPerType() throws {
        let value = try decoder.decode(Lenient.self, from: Data(#"{"short-name":"abc","extra":[1,2]}"#.utf8))
        #expect(value.shortName == "abc")
        #expect(refusal(Lenient.self, #"{"short-name":"abcdefghi"}"#)?.rule == .lengthOutOfRange)
    }

    @Test func numbersAreNeverTruncated() throws {
        #expect(refusal(Counter.self, #"{"count":1.5,"total":1}"#)?.rule == .numberNotRepresentable)
        #expect(refusal(Counter.self, #"{"count":300,"total":1}"#)?.keyPath == "count")
        #expect(refusal(Counter.self, #"{"count":-1,"total":1}"#)?.rule == .numberNotRepresentable)
        #expect(refusal(Counter.self, #"{"count":255,"total":-9223372036854775808}"#) == nil)
        #expect(refusal(Counter.self, #"{"count":1.0,"total":1e2}"#) == nil)
        #expect(
            refusal([ShopPage].self, #"[{"items":[{"name":"a","price":2.5,"tags":[]}],"page":1}]"#)?.keyPath
                == "[0].items[0].price")
        #expect(refusal(Counter.self, #"{"count":1,"total":1e30}"#)?.rule == .numberNotRepresentable)
        #expect(refusal(ShopPage.self, #"{"items":[],"page":101}"#)?.rule == .outOfRange)
    }

    @Test func missingAndWrongTypedValues() throws {
        #expect(
            refusal(ShopPage.self, #"{"items":[]}"#).map { ($0.rule, $0.keyPath) } ?? (.invalidValue, "") == (
                .missingKey, "page"
            ))
        #expect(
            refusal(ShopPage.self, #"{"items":[{"name":5,"price":1,"tags":[]}],"page":1}"#)?.keyPath == "items[0].name")
        #expect(refusal(ShopPage.self, #"{"items":[{"name":5,"price":1,"tags":[]}],"page":1}"#)?.rule == .wrongType)
    }

    @Test func limitsHoldBeforeDecoding() throws {
        let small = ContractDecoder(limits: JSONLimits(maxBytes: 200, maxDepth: 4, maxStringBytes: 10, maxElements: 3))
        #expect(refusal(ShopPage.self, String(repeating: " ", count: 201), decoder: small)?.rule == .tooManyBytes)
        #expect(refusal([[[[[Int]]]]].self, "[[[[[1]]]]]", decoder: small)?.rule == .tooDeep)
        #expect(
            refusal([String].self, #"["1","12345678901"]"#, decoder: small).map { ($0.rule, $0.keyPath) }
                ?? (.invalidValue, "") == (.stringTooLong, "[1]"))
        #expect(
            refusal([Int].self, "[1,2,3,4]", decoder: small).map { ($0.rule, $0.keyPath) } ?? (.invalidValue, "") == (
                .tooManyElements, "[3]"
            ))
        #expect(
            refusal([Double].self, "[1e99999999999999999999999999999999]", decoder: decoder)?.rule == .numberTooLong)
        #expect(refusal([Int].self, "[1,", decoder: decoder)?.rule == .malformedJSON)
        #expect(refusal([Int].self, "]", decoder: decoder)?.rule == .malformedJSON)
    }

    @Test func aDeepBombIsRefusedAtItsDepth() throws {
        let bomb = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let violation = try #require(refusal([Int].self, bomb))
        #expect(violation.rule == .tooDeep && violation.offset == 32)
    }

    @Test func limitsAreTheContractDecodersJob() throws {
        // A plain JSONDecoder decodes Bounded fields without checking them (the declaration is read by
        // ContractDecoder only); a Bounded value decoded on its own outside ContractDecoder is refused.
        let long = Data(#"{"name":"\#(String(repeating: "x", count: 30))","price":1,"tags":[]}"#.utf8)
        #expect(try JSONDecoder().decode(ShopItem.self, from: long).name.count == 30)
        #expect(refusal(ShopItem.self, String(decoding: long, as: UTF8.self))?.rule == .lengthOutOfRange)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Bounded<String>.self, from: Data(#""x""#.utf8)) }
    }

    @Test func limitsOnlyCheck() throws {
        try decoder.checkLimits(Data(#"{"a":[1,2,{"b":null}]}"#.utf8))
        #expect(throws: ContractViolation.self) { try decoder.checkLimits(Data(#"{"a":}"#.utf8)) }
    }

    @Test func escapedQuotesAndBackslashRunsEndStringsWhereJSONDoes() throws {
        // The pre-scan finds a string's end by the parity of the backslashes before a quote.
        let tight = ContractDecoder(limits: JSONLimits(maxBytes: 4096, maxDepth: 8, maxStringBytes: 64, maxElements: 8))
        let cases: [(json: String, name: String)] = [
            (#"{"name":"a\\","price":1,"tags":[]}"#, "a\\"),  // an escaped backslash, then the end
            (#"{"name":"\"q\"","price":1,"tags":[]}"#, "\"q\""),  // escaped quotes inside
            (#"{"name":"x\\\"y","price":1,"tags":[]}"#, "x\\\"y"),  // three backslashes: the quote is escaped
            (#"{"name":"\u005c","price":1,"tags":[]}"#, "\\"),  // a backslash written as \u005c
        ]
        for (json, name) in cases {
            let item = try tight.decode(ShopItem.self, from: Data(json.utf8))
            #expect(item.name == name, "\(json)")
        }
        // A key hidden after an escaped quote is still read as a key, and refused as unknown.
        let hidden = try #require(refusal(ShopItem.self, #"{"name":"a\",\"x","admin":1,"price":1,"tags":[]}"#))
        #expect(hidden.rule == .unknownKey && hidden.keyPath == "admin")
        #expect(refusal(ShopItem.self, #"{"name":"a\"}"#)?.rule == .malformedJSON)
    }

    @Test func keysInAnyOrderFindTheirFields() throws {
        // Fields are looked up from the one after the previous key first; any order must still work.
        let reversed = try decoder.decode(
            ShopItem.self, from: Data(#"{"note":"n","tags":["t"],"price":7,"name":"Tea"}"#.utf8))
        #expect(reversed.name == "Tea" && reversed.price == 7 && reversed.tags == ["t"] && reversed.note == "n")
        let twice = #"{"price":1,"price":2000000,"name":"a","tags":[]}"#
        #expect(refusal(ShopItem.self, twice)?.rule == .duplicateKey)
        var allowing = JSONLimits.default
        allowing.allowsDuplicateKeys = true
        let repeated = try #require(refusal(ShopItem.self, twice, decoder: ContractDecoder(limits: allowing)))
        #expect(repeated.rule == .outOfRange && repeated.keyPath == "price")
        #expect(refusal(ShopItem.self, #"{"tags":[],"pric":1,"name":"a"}"#)?.keyPath == "pric")
        #expect(refusal(ShopItem.self, #"{"tags":[],"":1,"name":"a"}"#)?.rule == .unknownKey)
    }

    @Test func nestingDeeperThanTheFirstFramesStillHoldsItsLimit() throws {
        // The frame stack starts at 64 frames and grows: limits above that are kept exactly.
        let deep = ContractDecoder(
            limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 300, maxStringBytes: 64, maxElements: 8))
        let ok = String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300)
        #expect(throws: Never.self) { try deep.checkLimits(Data(ok.utf8)) }
        let over = "[" + ok + "]"
        let violation = try #require(refusal([Int].self, over, decoder: deep))
        #expect(violation.rule == .tooDeep && violation.offset == 300)
        // A break found 200 levels down names every level of its path.
        let long = String(repeating: "x", count: 65)
        let buried = String(repeating: "[", count: 200) + #""\#(long)""# + String(repeating: "]", count: 200)
        do {
            try deep.checkLimits(Data(buried.utf8))
            Issue.record("a 65-byte string passed a 64-byte limit")
        } catch {
            #expect(error.rule == .stringTooLong && error.keyPath == String(repeating: "[0]", count: 200))
        }
    }

    @Test func lengthsAreRightAroundEveryWordBoundary() throws {
        // ASCII runs are measured eight bytes at a time; a non-ASCII byte, an escape or a control byte
        // anywhere must send the string to the exact count.
        for length in 20...28 {
            for position in 0..<length {
                for odd in ["é", "\\n", "👩‍👩‍👧"] {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = odd
                    let name = characters.joined()
                    let json = #"{"name":"\#(name)","price":1,"tags":[]}"#
                    let graphemes = length  // each replacement is one grapheme cluster
                    let violation = refusal(ShopItem.self, json)
                    if graphemes <= 24 {
                        #expect(violation == nil, "\(json)")
                    } else {
                        #expect(violation?.description.contains("\(graphemes) grapheme clusters") == true, "\(json)")
                    }
                }
            }
        }
    }
}
