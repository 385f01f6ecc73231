import Foundation

/// Writes a ``PropertyListValue`` in the forms ATS users paste or read: a whole XML property list,
/// an XML fragment to paste inside a `<dict>`, JSON, or the `NSDictionary` description that
/// `nscurl --ats-diagnostics` prints. What it writes, ``ATSDocument/decode(_:source:)`` reads back
/// to the same value: text is escaped (`&`, `<`, `>`, and carriage returns, which XML readers
/// would otherwise turn into line feeds).
///
/// ```swift
/// let atsDictionary = PropertyListValue.dictionary([
///     PropertyListEntry(ATSKey.root, configuration.propertyList)
/// ])
/// let plist = PropertyListWriter.xmlDocument(atsDictionary)
/// ```
public enum PropertyListWriter {
    /// A complete XML property list (`<?xml …?>`, `<plist version="1.0">`), indented with tabs as
    /// `PropertyListSerialization` writes it.
    public static func xmlDocument(_ value: PropertyListValue) -> Data {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
        ]
        xml(value, depth: 0, indent: "\t", into: &lines)
        lines.append("</plist>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The entries of a dictionary as XML (`<key>…</key>` then the value), without the enclosing
    /// `<dict>`: ready to paste inside one, such as an `Info.plist`'s `NSAppTransportSecurity`.
    /// Any other value is written as it is.
    public static func xmlFragment(_ value: PropertyListValue, indent: String = "    ") -> String {
        var lines: [String] = []
        if case .dictionary(let entries) = value {
            for entry in entries { xml(entry, depth: 0, indent: indent, into: &lines) }
        } else {
            xml(value, depth: 0, indent: indent, into: &lines)
        }
        return lines.joined(separator: "\n")
    }

    /// JSON, keys sorted (so the same value always gives the same bytes: `JSONEncoder` keeps no
    /// entry order).
    public static func json(_ value: PropertyListValue, prettyPrinted: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        return try encoder.encode(value)
    }

    /// The value as `NSDictionary.description` shows it (and `nscurl --ats-diagnostics` prints):
    /// `{ key = value; }`, four spaces per level, strings quoted when they hold anything but
    /// letters, digits and `_`.
    public static func openStepDescription(_ value: PropertyListValue) -> String {
        openStep(value, depth: 0)
    }

    private static func xml(_ entry: PropertyListEntry, depth: Int, indent: String, into lines: inout [String]) {
        lines.append(String(repeating: indent, count: depth) + "<key>\(escaped(entry.key))</key>")
        xml(entry.value, depth: depth, indent: indent, into: &lines)
    }

    private static func xml(_ value: PropertyListValue, depth: Int, indent: String, into lines: inout [String]) {
        let margin = String(repeating: indent, count: depth)
        switch value {
        case .bool(let flag): lines.append(margin + (flag ? "<true/>" : "<false/>"))
        case .string(let text): lines.append(margin + "<string>\(escaped(text))</string>")
        case .array(let items) where items.isEmpty: lines.append(margin + "<array/>")
        case .array(let items):
            lines.append(margin + "<array>")
            for item in items { xml(item, depth: depth + 1, indent: indent, into: &lines) }
            lines.append(margin + "</array>")
        case .dictionary(let entries) where entries.isEmpty: lines.append(margin + "<dict/>")
        case .dictionary(let entries):
            lines.append(margin + "<dict>")
            for entry in entries { xml(entry, depth: depth + 1, indent: indent, into: &lines) }
            lines.append(margin + "</dict>")
        }
    }

    /// XML character data: `&`, `<` and `>` as entities (so `]]>` cannot end anything), and a
    /// carriage return as `&#13;` so that it is read back as itself.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func openStep(_ value: PropertyListValue, depth: Int) -> String {
        let margin = String(repeating: "    ", count: depth)
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return quotedIfNeeded(text)
        case .array(let items):
            let inner = items.map { margin + "    " + openStep($0, depth: depth + 1) }
            return "(\n" + inner.map { $0 + ",\n" }.joined() + margin + ")"
        case .dictionary(let entries):
            let inner = entries.map {
                margin + "    " + quotedIfNeeded($0.key) + " = " + openStep($0.value, depth: depth + 1) + ";\n"
            }
            return "{\n" + inner.joined() + margin + "}"
        }
    }

    private static func quotedIfNeeded(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            }
        if plain { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
