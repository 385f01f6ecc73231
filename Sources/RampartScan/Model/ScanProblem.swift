/// A file the scanner could not read as a whole: unreadable, not UTF-8, too large, a symlink loop, a
/// malformed plist, an encrypted binary whose strings were not scanned. Reported beside the findings so
/// that a clean report never hides a file nobody looked at.
///
/// ```swift
/// for problem in report.problems { print("\(problem.path): \(problem.message)") }
/// ```
public struct ScanProblem: Sendable, Hashable, Codable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
