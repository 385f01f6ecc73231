/// Why a scan could not run at all (a file the scan could not read is a ``ScanProblem`` in the report instead).
///
/// ```swift
/// do { _ = try ScanEngine().scan(["MyApp"]) } catch let error as ScanError { print(error) }
/// ```
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path to scan does not exist.
    case missingPath(String)
    /// A baseline file does not exist.
    case missingBaseline(String)
    /// A baseline file could not be read (`reason` is the system's).
    case unreadableBaseline(String, reason: String)
    /// A baseline file is not a baseline `rampart scan` wrote.
    case malformedBaseline(String, reason: String)

    public var description: String {
        switch self {
        case .missingPath(let path):
            return "\(path): no such file or folder; give a folder, a source file or an .ipa"
        case .missingBaseline(let path):
            return "\(path): no such baseline; write one first with the current findings"
        case .unreadableBaseline(let path, let reason):
            return "\(path): the baseline cannot be read (\(reason))"
        case .malformedBaseline(let path, let reason):
            return "\(path): not a scan baseline (\(reason)); write it again from a scan"
        }
    }
}
