/// How much Swift ``SwiftAnalyzer`` reads from one file, checked on the bytes before swift-syntax parses them, so
/// that the cost of a file is linear in its size: hostile sources (a pull request scanned in CI) cannot exhaust
/// the stack, the memory or the time of a scan. A file over a limit is not analysed (or, when swift-syntax stops
/// at its nesting limit, analysed only up to there) and is a ``ScanProblem`` whose message names the limit, so
/// `rampart scan` exits 3, incomplete.
///
/// Measured on a debug build (swift-syntax 603): a 10 MB array literal peaked at 2.7 GB (about 270 bytes per
/// token); a 50,000-link member chain overflowed the stack of the visitors; `[[[…[1]…]]]` doubles the parser's
/// work at each level.
///
/// ```swift
/// let result = SwiftAnalyzer().analyze(ScanFile(path: "Deep.swift", contents: Array(hostile.utf8)))
/// // result.problems: "not analysed: bracket depth 300 exceeds the limit of 128 (SwiftLimits.maximumBracketDepth)"
/// ```
public enum SwiftLimits {
    /// Bytes of one Swift file: the largest hand-written and generated sources are a few hundred KiB.
    public static let maximumFileSize = 8 << 20
    /// Tokens of one Swift file (identifiers, literals, each punctuation byte, counted before parsing): about
    /// 270 MB of syntax tree at most.
    public static let maximumTokens = 1_000_000
    /// Nesting of `(`, `[`, `{` and string interpolations outside comments and string text, and swift-syntax's
    /// `maximumNestingLevel` (which counts `<` and `#if` too): a deeper file is not parsed, or the parser stops
    /// at that depth.
    public static let maximumBracketDepth = 128
    /// `[` in a run of brackets opened right inside one another (`[[[…`, `[([(…`): swift-syntax's look-ahead
    /// for a collection type doubles its work at each one (20 `[(` took 95 s).
    public static let maximumSquareBracketRun = 12
    /// Links of postfix chains (`.member`, `!`, `?`, a call's or subscript's brackets, `try`/`await`), added up
    /// through the brackets around them: the depth of syntax tree that bracket nesting does not show.
    public static let maximumPostfixChainLength = 1_000
    /// Findings reported in one file; more are dropped and the file is reported as partly analysed.
    public static let maximumFindings = 1_000
}
