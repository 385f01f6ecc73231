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
        #expect(refusal([String].self, #"["12345678901"]"#, decoder: small)?.rule == .stringTooLong)
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
}
