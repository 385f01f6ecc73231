/// How ``ScanEngine`` scans: which analyzers, whether test code and third-party folders count, how big a file
/// it reads, and whom it tells about its progress.
///
/// ```swift
/// var configuration = ScanConfiguration()
/// configuration.includeTests = true
/// configuration.progress = { done, total in print("\(done)/\(total)") }
/// let report = try ScanEngine(configuration: configuration).scan(["MyApp"])
/// ```
public struct ScanConfiguration: Sendable {
    /// The analyzers that read files; by default every analyzer the package has (``ScanAnalyzers/default``).
    public var analyzers: [any ScanAnalyzer]
    /// Keep findings in test code: files under a `Tests` folder (or any folder whose name ends in `Tests`, such
    /// as `AppUITests`), files named `…Tests.swift`/`…Tests.m`, and Swift or Objective-C files that import XCTest
    /// or Testing. Off by default: tests build hostile inputs, stub trust and hard-code keys on purpose.
    public var includeTests: Bool
    /// Scan `Pods` and `Carthage`, third-party code the app's authors do not fix in place. `.git`, `.build` and
    /// `DerivedData` are never scanned.
    public var includeDependencies: Bool
    /// Files larger than this are reported as a problem and not read (32 MiB by default).
    public var maximumFileSize: Int
    /// Called with the files done and the files to do, from the threads that scan (at most every 64 files and
    /// once at the end).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Files the caller will write when the scan is done (a report, a baseline): the scan refuses to run
    /// (``ScanError/outputIsInput(output:input:)``) when one of them is a file it reads, through whatever
    /// name or link, so that a report never replaces the code it describes.
    public var outputs: [String] = []

    public init(
        analyzers: [any ScanAnalyzer] = ScanAnalyzers.default, includeTests: Bool = false,
        includeDependencies: Bool = false, maximumFileSize: Int = 32 << 20,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.analyzers = analyzers
        self.includeTests = includeTests
        self.includeDependencies = includeDependencies
        self.maximumFileSize = maximumFileSize
        self.progress = progress
    }
}
