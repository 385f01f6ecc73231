import Foundation

/// Whose Certificate Transparency rules a certificate is checked against, Apple's or Chrome's: how
/// many valid SCTs, from which logs, it needs. (``CertificateTransparencyPolicy`` is something
/// else: the swift-certificates `VerifierPolicy` that refuses chains failing these rules.)
///
/// ```swift
/// let checker = CertificateTransparencyChecker(logList: list, policy: .apple)
/// ```
public enum CTComplianceRules: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple's (support.apple.com/103214): two SCTs from once- or currently-approved logs, and
    /// either two from current logs with one delivered by TLS or OCSP, or one embedded from a
    /// current log plus the number the certificate's lifetime requires (operator-capped).
    case apple
    /// Chrome's: embedded, 2 SCTs up to 180 days of lifetime and 3 above, from two operators and
    /// with one from a current log; delivered by TLS or OCSP, 2 from current logs of two operators.
    case chrome

    /// The day Apple's 180/398-day table took effect (certificates issued on or after it).
    public static let appleLifetimeTableStart = Date(timeIntervalSince1970: 1_618_963_200)  // 2021-04-21T00:00:00Z

    /// A certificate's lifetime in whole days, as RFC 5280 §4.1.2.5 measures validity: from
    /// `notBefore` to `notAfter` inclusive, so a certificate whose dates are exactly 180 days apart
    /// lasts 180 days and one second, which is 181 days.
    public static func lifetimeDays(notBefore: Date, notAfter: Date) -> Int {
        let days = ((notAfter.timeIntervalSince(notBefore) + 1) / 86_400).rounded(.up)
        // Certificate dates lie in years 0000–9999; dates from elsewhere are clamped, never trapped on.
        guard !days.isNaN else { return 0 }
        return Int(min(max(days, -1e15), 1e15))
    }

    /// Under Apple's policy, the embedded SCTs a certificate needs and how many of them one log
    /// operator may provide (`nil`: no cap).
    public static func appleEmbeddedRequirement(notBefore: Date, notAfter: Date) -> (count: Int, perOperator: Int?) {
        if notBefore >= appleLifetimeTableStart {
            return lifetimeDays(notBefore: notBefore, notAfter: notAfter) <= 180 ? (2, 1) : (3, 2)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func months(_ count: Int) -> Date { calendar.date(byAdding: .month, value: count, to: notBefore) ?? notBefore }
        if notAfter < months(15) { return (2, nil) }
        if notAfter <= months(27) { return (3, nil) }
        if notAfter <= months(39) { return (4, nil) }
        return (5, nil)
    }
}
