/// The analyzers `rampart scan` runs by default: the one list of every analyzer the package has.
///
/// Each analyzer (Swift, Objective-C, property lists, archives and binaries) adds itself here with one
/// line. The list is built on each call, never at start-up, so a command that does not scan pays nothing.
///
/// ```swift
/// let engine = ScanEngine(configuration: ScanConfiguration(analyzers: ScanAnalyzers.default))
/// ```
public enum ScanAnalyzers {
    /// Every analyzer; each one whose ``ScanAnalyzer/accepts(path:prefix:)`` is true reads the file.
    public static var `default`: [any ScanAnalyzer] {
        [
            // One line per analyzer, e.g. SwiftAnalyzer(), ObjectiveCAnalyzer(), PropertyListAnalyzer(), …
            SwiftAnalyzer(),
            ObjectiveCAnalyzer(),
            PropertyListAnalyzer(),
            IPAAnalyzer(),
            MachOAnalyzer(),
        ]
    }
}
