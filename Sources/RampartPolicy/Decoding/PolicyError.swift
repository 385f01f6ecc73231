/// Why an ATS document could not be read at all.
///
/// Problems *inside* a readable document are ``ATSDiagnostic``s instead, so that every one of
/// them is reported at once.
public enum PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case missingFile(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are neither a property list (XML or binary) nor JSON.
    case notAPropertyList(source: String, reason: String)
    /// The top level is not a dictionary.
    case notADictionary(source: String, found: String)
    /// The URL given for a decision is not an absolute `http`/`https`/`ws`/`wss` URL with a host.
    case unsupportedURL(String)
    /// Thrown by strict loading only: the document has values ATS ignores (wrong types, unknown
    /// versions, malformed pins), so the configuration is not the one its author meant. The system
    /// itself decides without them (``ATSLoadedPolicy`` does the same).
    case ignoredValues(source: String, diagnostics: [ATSDiagnostic])

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "\(path): no such file; give the path of an Info.plist, an ATS dictionary or a JSON file"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason)); check its permissions"
        case .notAPropertyList(let source, let reason):
            return "\(source): not a property list (XML or binary) nor JSON: \(reason)"
        case .notADictionary(let source, let found):
            return "\(source): the top level is \(found), not a dictionary; ATS settings live in a dictionary"
        case .unsupportedURL(let url):
            return "\(url): not an absolute http, https, ws or wss URL with a host; ATS decides only for those"
        case .ignoredValues(let source, let diagnostics):
            let listed = diagnostics.map { "  \($0)" }.joined(separator: "\n")
            return "\(source) has values ATS ignores (the system decides without them):\n\(listed)\nFix them first"
        }
    }
}
