// The three things `characters.count` can mean, named.

/// How a text's length is counted.
///
/// "👩‍👩‍👧" is 1 grapheme cluster, 5 Unicode scalars and 18 UTF-8 bytes; "é" may be 1 or 2 scalars.
/// Limits meant for people count grapheme clusters; storage limits count UTF-8 bytes; protocols
/// that count code points count scalars.
///
/// ```swift
/// TextUnit.graphemeClusters.length(of: "👩‍👩‍👧")  // 1
/// TextUnit.utf8Bytes.length(of: "👩‍👩‍👧")        // 18
/// ```
public enum TextUnit: String, Sendable, Hashable, CaseIterable, Codable {
    /// What a person sees as one character (Swift's `Character`).
    case graphemeClusters
    /// Unicode code points.
    case unicodeScalars
    /// Bytes of the UTF-8 encoding.
    case utf8Bytes
    /// UTF-16 code units (`NSString.length`, what UIKit's `NSRange` counts).
    case utf16CodeUnits

    /// The length of `text` in this unit.
    public func length(of text: some StringProtocol) -> Int {
        switch self {
        case .graphemeClusters: text.count
        case .unicodeScalars: text.unicodeScalars.count
        case .utf8Bytes: text.utf8.count
        case .utf16CodeUnits: text.utf16.count
        }
    }
}
