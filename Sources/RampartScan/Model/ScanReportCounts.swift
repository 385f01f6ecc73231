/// What a scan looked at and what it left out, for the summary of every report format.
///
/// ```swift
/// let counts = report.counts
/// print("\(counts.files) files (\(counts.filesByKind["swift", default: 0]) Swift), \(counts.lines) lines")
/// ```
public struct ScanReportCounts: Sendable, Hashable, Codable {
    /// Files read by at least one analyzer.
    public var files: Int
    /// Files read, by kind: `swift`, `objective-c`, `property-list`, `archive`, `binary` or `other`.
    public var filesByKind: [String: Int]
    /// Lines of the text files read.
    public var lines: Int
    /// Files no analyzer reads (images, assets, unknown kinds): neither read nor reported.
    public var filesNotAnalyzed: Int
    /// Folders of third-party or generated code left out (`.git`, `.build`, `DerivedData`, `Pods`, `Carthage`).
    public var foldersSkipped: Int
    /// Test files (under `Tests/`, `*Tests.swift`, `*Tests.m`, `UITests`, or importing XCTest or Testing) whose
    /// findings were left out: test code may do what an app must not.
    public var testFilesSkipped: Int
    /// Findings hidden by a `rampart:ignore` comment with a reason.
    public var suppressed: Int
    /// Findings hidden because the baseline holds them.
    public var hiddenByBaseline: Int

    public init(
        files: Int = 0, filesByKind: [String: Int] = [:], lines: Int = 0, filesNotAnalyzed: Int = 0,
        foldersSkipped: Int = 0, testFilesSkipped: Int = 0, suppressed: Int = 0, hiddenByBaseline: Int = 0
    ) {
        self.files = files
        self.filesByKind = filesByKind
        self.lines = lines
        self.filesNotAnalyzed = filesNotAnalyzed
        self.foldersSkipped = foldersSkipped
        self.testFilesSkipped = testFilesSkipped
        self.suppressed = suppressed
        self.hiddenByBaseline = hiddenByBaseline
    }
}
