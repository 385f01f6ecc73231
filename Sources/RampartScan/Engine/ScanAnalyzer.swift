/// Reads one kind of file (Swift, Objective-C, property list, archive) and reports what breaks the rules.
///
/// An analyzer is pure: it gets the bytes, returns findings and problems, and touches no global state, so
/// the engine runs it on many files at once.
///
/// ```swift
/// struct Example: ScanAnalyzer {
///     func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool { path.hasSuffix(".example") }
///     func analyze(_ file: ScanFile) -> ScanFileResult { ScanFileResult() }
/// }
/// ```
public protocol ScanAnalyzer: Sendable {
    /// Whether this analyzer reads the file, judged by its path and its first bytes (up to 16).
    func accepts(path: String, prefix: ArraySlice<UInt8>) -> Bool
    /// True for analyzers that read the file themselves through ``ScanFile/url`` (archives), so the engine
    /// does not load it whole.
    var readsFromDisk: Bool { get }
    func analyze(_ file: ScanFile) -> ScanFileResult
}

extension ScanAnalyzer {
    public var readsFromDisk: Bool { false }
}

/// What an analyzer found in one file: findings, and problems that kept it from reading all of it.
public struct ScanFileResult: Sendable {
    public var findings: [ScanFinding]
    public var problems: [ScanProblem]
    /// Why nothing in the file could be read (an archive too damaged to list), or nil. A path the user named
    /// that nothing could be read of fails the scan (``ScanError/malformedInput(_:reason:)``) rather than pass
    /// as scanned; give the reason in ``problems`` too, for files found inside folders.
    public var malformed: String?

    public init(findings: [ScanFinding] = [], problems: [ScanProblem] = [], malformed: String? = nil) {
        self.findings = findings
        self.problems = problems
        self.malformed = malformed
    }
}
