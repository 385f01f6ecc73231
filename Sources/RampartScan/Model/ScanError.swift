/// Why a scan could not run at all, or could not read a path it was given (a file found inside a folder that
/// the scan could not read is a ``ScanProblem`` in the report instead).
///
/// ```swift
/// do { _ = try ScanEngine().scan(["MyApp"]) } catch let error as ScanError { print(error) }
/// ```
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path to scan does not exist.
    case missingPath(String)
    /// A path named to be scanned exists but could not be read at all (`reason` says why): a CI gate must not
    /// pass an app it never read.
    case unreadableInput(String, reason: String)
    /// A path named to be scanned was read but is not what it claims to be at all (a truncated `.ipa`, a source
    /// that is not UTF-8), so nothing in it was scanned.
    case malformedInput(String, reason: String)
    /// An output would replace `input`, a file the scan reads: `rampart scan -o App/Login.swift App/`.
    case outputIsInput(output: String, input: String)
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
        case .unreadableInput(let path, let reason):
            return "\(path) cannot be read (\(reason)); nothing in it was scanned"
        case .malformedInput(let path, let reason):
            return "\(path) was not scanned: \(reason)"
        case .outputIsInput(let output, let input):
            return "\(output) is \(input), a file this scan reads; it is never replaced by the report, "
                + "even where replacing files is allowed: write the report elsewhere"
        case .missingBaseline(let path):
            return "\(path): no such baseline; write one first with the current findings"
        case .unreadableBaseline(let path, let reason):
            return "\(path): the baseline cannot be read (\(reason))"
        case .malformedBaseline(let path, let reason):
            return "\(path): not a scan baseline (\(reason)); write it again from a scan"
        }
    }
}
