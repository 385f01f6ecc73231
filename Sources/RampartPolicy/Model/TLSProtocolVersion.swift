import Foundation

/// A TLS protocol version as ATS names it (`TLSv1.0` … `TLSv1.3`).
///
/// ```swift
/// let minimum = TLSProtocolVersion(atsName: "TLSv1.2")   // .v1_2
/// ```
public enum TLSProtocolVersion: String, Sendable, Codable, CaseIterable, Comparable {
    case v1_0 = "TLSv1.0"
    case v1_1 = "TLSv1.1"
    case v1_2 = "TLSv1.2"
    case v1_3 = "TLSv1.3"

    /// Parses an `NSExceptionMinimumTLSVersion` value. Apple documents `TLSv1.0`…`TLSv1.3`; the
    /// bare `1.0` form seen in old `NSTemporaryException…` entries is accepted too.
    public init?(atsName: String) {
        let trimmed = atsName.trimmingCharacters(in: .whitespaces)
        if let exact = TLSProtocolVersion(rawValue: trimmed) {
            self = exact
        } else if let bare = TLSProtocolVersion(rawValue: "TLSv" + trimmed) {
            self = bare
        } else {
            return nil
        }
    }

    private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
}
