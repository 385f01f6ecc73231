/// How much an audit finding matters; `--fail-on` compares against it.
///
/// ```swift
/// FindingSeverity.high >= .medium   // true
/// ```
public enum FindingSeverity: String, Sendable, Codable, CaseIterable, Comparable {
    case info, low, medium, high

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
