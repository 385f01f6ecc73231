import Foundation
import RampartPolicy

/// What a CT check found: every SCT with its status, the policy's outcome, the counts that decided
/// it and what was missing.
///
/// ```swift
/// let decision = checker.check(leaf: leaf, issuer: issuer)
/// print(decision)            // one line per SCT, then the outcome
/// if !decision.allowsConnection { … }  // compliant, or not enforced (a stale log list, failing open)
/// ```
public struct CTDecision: Sendable, Hashable, CustomStringConvertible {
    /// The counts a policy decided on. Logs are counted once each (the earliest SCT per log).
    public struct Counts: Sendable, Hashable, Codable {
        /// Distinct logs, once or currently approved, with a valid SCT.
        public var approvedLogs: Int
        /// Distinct currently approved logs with a valid SCT.
        public var currentlyApprovedLogs: Int
        /// Of those, logs whose SCT came by TLS or OCSP.
        public var deliveredFromCurrentLogs: Int
        /// Of those, logs whose SCT was embedded.
        public var embeddedFromCurrentLogs: Int
        /// Embedded SCTs from approved logs that count, after the per-operator cap.
        public var embeddedCounted: Int
        /// Embedded SCTs the certificate's lifetime requires.
        public var embeddedRequired: Int
        /// How many embedded SCTs one operator may provide (`nil`: no cap).
        public var perOperatorCap: Int?
        /// Distinct operators among the approved logs.
        public var operators: Int
        /// The certificate's lifetime in days (RFC 5280, inclusive).
        public var lifetimeDays: Int
    }

    public var policy: CTComplianceRules
    public var checks: [CTSCTCheck]
    /// Whether the certificate meets the rules (``policy``), whatever the log list's age. What
    /// `rampart ct check` reports; a client enforcing CT uses ``allowsConnection``.
    public var compliant: Bool
    public var counts: Counts
    /// The rules the certificate does not meet, with their counts (empty when compliant).
    public var missing: [CTRequirement]
    /// Whether the decision is enforced: false when the log list is older than allowed and the
    /// checker fails open, as Apple does after 60 days.
    public var enforced: Bool
    /// The log list is older than the checker allows, undated, or dated after the time checked
    /// (beyond ``CertificateTransparencyChecker/futureLogListTolerance``).
    public var logListStale: Bool
    /// Notes that do not decide anything (a stale log list, a missing issuer).
    public var notes: [String]
    /// Why the certificate's SCT list extension could not be read, when it is there but malformed
    /// (``TrustError/malformedSCTList(_:)``'s reason): the certificate is bad data, and its SCTs,
    /// none of which count, are not "missing". `nil` when the extension is absent or well formed.
    public var malformedSCTList: String?

    /// Whether a client enforcing CT lets the connection through: compliant, or not enforced (a
    /// stale log list, failing open as Apple does).
    public var allowsConnection: Bool { compliant || !enforced }

    public var description: String { lines.joined(separator: "\n") }

    /// The report, one entry per line: each SCT, the outcome, what is missing, the notes. An entry
    /// may hold a line break or another control character from the log list (a log's description
    /// or operator): a text report escapes each entry so that it stays one line.
    ///
    /// ```swift
    /// for line in decision.lines { print(line.debugDescription) }
    /// ```
    public var lines: [String] {
        var lines = checks.map { "SCT \($0.summary)" }
        if let malformedSCTList {
            lines.append("malformed SCT list in the certificate: \(malformedSCTList)")
        } else if checks.isEmpty {
            lines.append("no SCT: neither embedded nor delivered by TLS or OCSP")
        }
        let outcome = compliant ? "meets" : "does not meet"
        lines.append(
            "\(outcome) \(policy.rawValue)'s CT policy: \(counts.approvedLogs) approved log(s), "
                + "\(counts.currentlyApprovedLogs) current, \(counts.embeddedCounted) of \(counts.embeddedRequired) "
                + "embedded SCTs counted for a \(counts.lifetimeDays)-day certificate")
        lines += missing.map { "missing: \($0)" }
        lines += notes.map { "note: \($0)" }
        if !enforced { lines.append("not enforced: the log list is too old to enforce CT with (failing open)") }
        return lines
    }

    static func timestampFormat(_ date: Date) -> String { RFC3339Date.string(from: date) }
}
