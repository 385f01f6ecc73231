/// One finding a baseline accepts: its rule, its file and a fingerprint of its code, not its line number, so
/// that lines added above it keep it matched.
///
/// The fingerprint is the SHA-256 of the rule id, the path and the finding's source line with white space
/// collapsed; `occurrence` counts the findings before it with the same three (the second identical line of a
/// file is occurrence 1). The line itself is not stored: a baseline never holds the secret a finding quotes.
///
/// ```swift
/// let entry = ScanBaselineEntry(finding)
/// print(entry.ruleID, entry.path, entry.fingerprint, entry.occurrence)
/// ```
public struct ScanBaselineEntry: Sendable, Hashable, Codable {
    public var ruleID: String
    public var path: String
    /// Lowercase hexadecimal SHA-256 of `ruleID`, `path` and the normalised source line.
    public var fingerprint: String
    /// Which of the findings with this rule, path and fingerprint this one is, from 0 in line order.
    public var occurrence: Int
    /// The line when the baseline was written: shown for stale entries, never used for matching.
    public var line: Int

    public init(ruleID: String, path: String, fingerprint: String, occurrence: Int, line: Int) {
        self.ruleID = ruleID
        self.path = path
        self.fingerprint = fingerprint
        self.occurrence = occurrence
        self.line = line
    }
}
