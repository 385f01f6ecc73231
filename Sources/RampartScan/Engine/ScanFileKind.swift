/// The kind of a scanned file, from its name, as the report counts them: `swift`, `objective-c`,
/// `property-list`, `provisioning-profile`, `archive`, `binary` or `other`.
///
/// ```swift
/// ScanFileKind.of("App/Info.plist")   // "property-list"
/// ```
public enum ScanFileKind {
    public static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return path.contains("!/") ? "binary" : "other"
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "swift": return "swift"
        case "m", "mm", "h": return "objective-c"
        case "plist", "entitlements", "strings": return "property-list"
        case "mobileprovision", "provisionprofile": return "provisioning-profile"
        case "ipa", "zip": return "archive"
        case "dylib", "a", "o", "so": return "binary"
        default: return "other"
        }
    }

    /// Kinds that are source text and must be UTF-8 to be read.
    public static func isSource(_ kind: String) -> Bool { kind == "swift" || kind == "objective-c" }

    /// Where the first byte sequence that is not UTF-8 starts, for the problem's message.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> String {
        var line = 1
        var start = 0
        while start < bytes.count {
            // Decode one scalar at a time; the first error names its line and byte offset.
            var iterator = bytes[start...].makeIterator()
            var decoder = UTF8()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                start += UTF8.width(scalar)
            case .emptyInput: return "at the end"
            case .error: return "line \(line), byte offset \(start)"
            }
        }
        return "at the end"
    }
}
