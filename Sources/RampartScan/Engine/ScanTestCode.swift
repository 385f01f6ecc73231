/// The one decision on test code: which files are tests. `ScanEngine` leaves their findings out unless
/// ``ScanConfiguration/includeTests`` is set, because tests stub trust, hard-code keys and build hostile inputs
/// on purpose.
///
/// ```swift
/// ScanTestCode.isTestPath("AppTests/LoginTests.swift")   // true
/// ScanTestCode.isTestPath("App/Login.swift")             // false
/// ```
public enum ScanTestCode {
    /// A path (relative to the scanned folder) inside a folder named `Tests` or ending in `Tests` (`AppTests`,
    /// `AppUITests`), or a Swift/Objective-C file whose name ends in `Tests` or `Test` before its extension.
    public static func isTestPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard let name = parts.last else { return false }
        if parts.dropLast().contains(where: { $0.hasSuffix("Tests") }) { return true }
        guard let dot = name.lastIndex(of: ".") else { return false }
        let stem = name[..<dot]
        let sourceExtensions: Set<Substring> = ["swift", "m", "mm", "h"]
        return sourceExtensions.contains(name[name.index(after: dot)...])
            && (stem.hasSuffix("Tests") || stem.hasSuffix("Test"))
    }

    /// Source that imports a test framework (XCTest or Swift Testing): app code never does.
    public static func isTestSource(_ text: String) -> Bool {
        for marker in ["import XCTest", "import Testing", "@import XCTest", "#import <XCTest/"] {
            var search = text[...]
            while let range = search.firstRange(of: marker) {
                let atLineStart =
                    range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)] == "\n"
                let ended =
                    range.upperBound == text.endIndex || text[range.upperBound].isWhitespace
                    || text[range.upperBound] == ";" || marker.hasSuffix("/")
                if atLineStart && ended { return true }
                search = text[range.upperBound...]
            }
        }
        return false
    }
}
