// Fuzzes contract decoding (`ContractDecoder`): the bounded pre-scan on its own (`checkLimits`) and
// a contract type with Bounded fields, integer fields and nested contracts. What decodes keeps every
// declared range; what the pre-scan accepts never nests deeper than the limit.
import Foundation
import RampartValidation

enum FuzzJSONContract {
    static let target = FuzzTarget(
        name: "json-contract", maxLength: 8192,
        summary: "ContractDecoder: the bounded pre-scan, unknown keys, integer-ness, Bounded ranges", run: run)

    struct Tag: JSONContract {
        @Bounded(1...8) var label = "x"
        var weight: UInt8 = 0
    }

    struct Document: JSONContract {
        @Bounded(1...16) var name = "x"
        @Bounded(-5...5) var score = 0
        @Bounded(0...4) var tags: [Tag] = []
        var counts: [Int16] = []
        var note: String? = nil
    }

    static let limits = JSONLimits(
        maxBytes: 4096, maxDepth: 6, maxStringBytes: 64, maxElements: 16, maxNumberCharacters: 12)

    static func depth(_ value: Any) -> Int {
        if let array = value as? [Any] { return 1 + (array.map(depth).max() ?? 0) }
        if let object = value as? [String: Any] { return 1 + (object.values.map(depth).max() ?? 0) }
        return 0
    }

    static func run(_ data: Data) {
        let name = target.name
        let decoder = ContractDecoder(limits: limits)
        if (try? decoder.checkLimits(data)) != nil {
            FuzzCheck.require(data.count <= limits.maxBytes, name, "a document over maxBytes passed")
            if let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                FuzzCheck.require(depth(parsed) <= limits.maxDepth, name, "a document deeper than maxDepth passed")
            }
        }
        do {
            let document = try decoder.decode(Document.self, from: data)
            FuzzCheck.require((1...16).contains(document.name.count), name, "name outside 1...16 decoded")
            FuzzCheck.require((-5...5).contains(document.score), name, "score outside -5...5 decoded")
            FuzzCheck.require(document.tags.count <= 4, name, "more than 4 tags decoded")
            FuzzCheck.require(
                document.tags.allSatisfy { (1...8).contains($0.label.count) }, name, "a tag label out of range")
        } catch {
            FuzzCheck.require(!error.detail.isEmpty, name, "a violation without words")
        }
    }
}
