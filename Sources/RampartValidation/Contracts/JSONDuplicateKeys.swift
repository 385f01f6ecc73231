// The keys of the objects a pre-scan has open, to find a key given twice in one object. Small
// objects (the common case) compare a new key with the earlier ones byte for byte, without making
// a String; an object past `linearLimit` keys moves to a dictionary of decoded keys. Keys compare
// as JSONDecoder's dictionaries do: escapes resolved, canonically equivalent Strings equal
// ("K" and the Kelvin sign, a precomposed "é" and "e" + U+0301).

import Foundation

struct JSONDuplicateKeys {
    private struct Key {
        var start: Int
        var count: Int
        /// Printable ASCII without escapes: equal to another plain key exactly when the bytes are.
        var plain: Bool
    }

    /// The keys of the open objects, innermost object's last (an object past `linearLimit` keys
    /// keeps only its first ones here).
    private var keys: [Key] = []
    /// Objects past `linearLimit` keys, by the index of their first key in `keys`: each decoded key
    /// and the byte offset of its opening quote.
    private var large: [Int: [String: Int]] = [:]
    private static let linearLimit = 16

    /// Where the keys of a newly opened object will start.
    var nextBase: Int { keys.count }

    /// Forgets the keys of the object whose keys started at `base` (it closed).
    mutating func close(base: Int) {
        if keys.count > base { keys.removeSubrange(base...) }
        if !large.isEmpty { large[base] = nil }
    }

    /// Records the key whose content (between the quotes) is `content`, at `quote` in the document,
    /// as the `ordinal`-th key (from 1) of the object whose keys start at `base`; returns the offset
    /// of an earlier equal key in that object, or nil.
    mutating func insert(
        _ content: UnsafeRawBufferPointer, quote: Int, ordinal: Int, base: Int, in document: UnsafeRawPointer
    ) -> Int? {
        if ordinal > Self.linearLimit {
            if ordinal == Self.linearLimit + 1 {
                var table: [String: Int] = [:]
                table.reserveCapacity(Self.linearLimit * 4)
                for key in keys[base...] {
                    table[Self.string(document, key)] = key.start - 1
                }
                large[base] = table
            }
            let text = Self.string(content)
            if let earlier = large[base]?[text] { return earlier }
            large[base]?[text] = quote
            return nil
        }
        let key = Key(start: quote + 1, count: content.count, plain: ContractCheck.isPlainASCII(content))
        for earlier in keys[base...] where Self.equal(earlier, key, document) {
            return earlier.start - 1
        }
        keys.append(key)
        return nil
    }

    private static func equal(_ a: Key, _ b: Key, _ document: UnsafeRawPointer) -> Bool {
        if a.plain, b.plain {
            return a.count == b.count && memcmp(document + a.start, document + b.start, a.count) == 0
        }
        return string(document, a) == string(document, b)
    }

    private static func string(_ document: UnsafeRawPointer, _ key: Key) -> String {
        string(UnsafeRawBufferPointer(start: document + key.start, count: key.count))
    }

    /// The key as JSONDecoder reads it (escapes resolved); raw bytes when an escape is invalid.
    private static func string(_ content: UnsafeRawBufferPointer) -> String {
        ContractCheck.decodeString(content) ?? String(decoding: content, as: UTF8.self)
    }
}
