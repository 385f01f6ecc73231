/// How much Objective-C ``ObjectiveCAnalyzer`` reads from one file, checked before the rules run, so that the
/// cost of a file is linear in its size: hostile sources (a pull request scanned in CI) cannot exhaust the memory
/// or the time of a scan. A file over a limit is not analysed, or partly, and is a ``ScanProblem`` whose message
/// names the limit, so `rampart scan` exits 3, incomplete.
///
/// ```swift
/// let result = ObjectiveCAnalyzer().analyze(ScanFile(path: "Huge.m", contents: hostile))
/// // result.problems: "not analysed: 1500000 tokens exceed the limit of 1000000 (ObjectiveCLimits.maximumTokens)"
/// ```
public enum ObjectiveCLimits {
    /// Bytes of one Objective-C or C file (the largest real ones, amalgamations such as sqlite3.c, are 9 MB).
    public static let maximumFileSize = 16 << 20
    /// Tokens of one file, comments left out: each costs about 150 bytes with the tables the rules use.
    public static let maximumTokens = 1_000_000
    /// Tokens of constant values (`#define` bodies, `static const` initializers) kept for one file: values that
    /// run into one another (`static a = static b = …` without `;`) would otherwise copy the file many times.
    public static let maximumConstantTokens = 1_000_000
    /// Tokens of a local variable's value that a rule following the variable sees (a key, an IV, a string;
    /// the longest real ones are byte arrays of a few hundred tokens): each use copies the value.
    public static let maximumValueTokens = 512
    /// Findings reported in one file; more are dropped and the file is reported as partly analysed.
    public static let maximumFindings = 1_000
}
