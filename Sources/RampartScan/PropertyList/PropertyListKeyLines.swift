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

    init(bytes: [UInt8]) {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
            first == UInt8(ascii: "<")
        else {
            elements = []
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
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var position = 0
        var line = 0
        var part = 0
        while part < parts.count {
            var matched = false
            for end in stride(from: parts.count, to: part, by: -1) {
                let name = parts[part..<end].joined(separator: ".")
                if let found = elements[position...].firstIndex(where: { $0.isKey && $0.text == name }) {
                    position = found + 1
                    line = elements[found].line
                    part = end
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
        guard let start = elements.firstIndex(where: { $0.isKey && $0.text == key }) else { return 0 }
        return elements[start...].first { !$0.isKey && $0.text == value }?.line ?? elements[start].line
    }
}
