/// A few lines of source around a finding, for reports a reader opens without the code at hand (HTML).
///
/// ```swift
/// if let excerpt = finding.excerpt {
///     for (offset, line) in excerpt.lines.enumerated() { print(excerpt.firstLine + offset, line) }
/// }
/// ```
public struct ScanExcerpt: Sendable, Hashable, Codable {
    /// The number of the first line shown, from 1.
    public var firstLine: Int
    /// The lines, without their line breaks; a very long line is cut around the finding.
    public var lines: [String]

    public init(firstLine: Int, lines: [String]) {
        self.firstLine = firstLine
        self.lines = lines
    }
}
