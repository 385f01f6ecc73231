import Foundation

/// Where keys and strings sit in an XML property list, found by a light scan of its text (no second plist
/// parser): `<key>…</key>` and `<string>…</string>` elements in document order with their lines, so a finding
/// about a key path points at the line that holds it. Binary and JSON plists have no such lines (0).
///
/// ```swift
/// let lines = PropertyListKeyLines(bytes: Array(xml.utf8))
/// lines.line(ofKeyPath: "NSAppTransportSecurity.NSAllowsArbitraryLoads")   // the line of the inner key
/// ```
struct PropertyListKeyLines {
    struct Element {
        var isKey: Bool
        var text: String
        var line: Int
    }

    let elements: [Element]
    /// The indices of the `<key>` elements of each text, in document order: one index built per plist, so a
    /// look-up is a binary search instead of a walk over every element (20,000 exception domains made that
    /// quadratic).
    let keyIndices: [String: [Int]]
    /// The same for `<string>` elements.
    let stringIndices: [String: [Int]]
    /// How many dot-separated labels keys have: a run of key path parts is looked up only when some key has
    /// that many labels, so a domain of 20,000 labels costs one look-up, not 20,000 of growing length.
    let keyLabelCounts: Set<Int>
    /// The most labels of any key.
    let mostKeyLabels: Int

    init(bytes: [UInt8]) {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "<")
        else {
            elements = []
            keyIndices = [:]
            stringIndices = [:]
            keyLabelCounts = []
            mostKeyLabels = 0
            return
        }
        var elements: [Element] = []
        var line = 1
        var index = 0
        let keyOpen = Array("<key>".utf8)
        let stringOpen = Array("<string>".utf8)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: "<") {
                for (open, isKey) in [(keyOpen, true), (stringOpen, false)] where Self.matches(bytes, open, at: index) {
                    let start = index + open.count
                    var end = start
                    while end < bytes.count && bytes[end] != UInt8(ascii: "<") { end += 1 }
                    let text = String(decoding: bytes[start..<end], as: UTF8.self)
                    elements.append(Element(isKey: isKey, text: Self.unescaped(text), line: line))
                    for inner in bytes[start..<end] where inner == UInt8(ascii: "\n") { line += 1 }
                    index = end - 1
                    break
                }
            }
            index += 1
        }
        self.elements = elements
        var keyIndices: [String: [Int]] = [:]
        var stringIndices: [String: [Int]] = [:]
        var keyLabelCounts: Set<Int> = []
        for (index, element) in elements.enumerated() {
            if element.isKey {
                keyIndices[element.text, default: []].append(index)
                keyLabelCounts.insert(element.text.utf8.count { $0 == UInt8(ascii: ".") } + 1)
            } else {
                stringIndices[element.text, default: []].append(index)
            }
        }
        self.keyIndices = keyIndices
        self.stringIndices = stringIndices
        self.keyLabelCounts = keyLabelCounts
        mostKeyLabels = keyLabelCounts.max() ?? 0
    }

    /// The first of `indices` (ascending) at or after `position`.
    static func first(_ indices: [Int]?, atOrAfter position: Int) -> Int? {
        guard let indices else { return nil }
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < indices.count ? indices[low] : nil
    }

    static func matches(_ bytes: [UInt8], _ pattern: [UInt8], at index: Int) -> Bool {
        index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The line of the deepest key of a dotted key path (`NSAppTransportSecurity.NSExceptionDomains.example.com`:
    /// domains may hold dots, so the longest run of parts that names a key is taken at each step); the line of
    /// the deepest key found when the rest is missing; 0 when none is.
    func line(ofKeyPath keyPath: String) -> Int {
        guard mostKeyLabels > 0 else { return 0 }
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        var position = 0
        var line = 0
        var part = 0
        while part < parts.count {
            // The names a run of parts can make, shortest first, no longer than the longest key: each built by
            // adding one part to the last, and only the ones that are keys looked up further.
            var candidates: [(end: Int, name: String)] = []
            var name = ""
            for end in (part + 1)...min(parts.count, part + mostKeyLabels) {
                name += (end == part + 1 ? "" : ".") + parts[end - 1]
                if keyLabelCounts.contains(end - part), keyIndices[name] != nil { candidates.append((end, name)) }
            }
            var matched = false
            for candidate in candidates.reversed() {
                if let found = Self.first(keyIndices[candidate.name], atOrAfter: position) {
                    position = found + 1
                    line = elements[found].line
                    part = candidate.end
                    matched = true
                    break
                }
            }
            if !matched || position >= elements.count { break }
        }
        return line
    }

    /// The line of the first `<string>` equal to `value` after the key `key`, or 0.
    func line(ofString value: String, after key: String) -> Int {
        guard let start = keyIndices[key]?.first else { return 0 }
        return Self.first(stringIndices[value], atOrAfter: start).map { elements[$0].line } ?? elements[start].line
    }
}
