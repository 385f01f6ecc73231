import Foundation
import RampartTrust

/// One thing that would break an app with a pin set, or soon could: a typed case with its data, so a
/// program can `switch` on it; ``description`` is the sentence for people, derived from the case.
///
/// ```swift
/// for problem in health.problems {
///     switch problem {
///     case .expiringSoon(let days, _): schedulePinRotation(within: days)
///     default: print(problem)
///     }
/// }
/// ```
public enum PinHealthProblem: Sendable, Hashable, CustomStringConvertible {
    /// The served chain matches none of the pins: an app with an enforced pin set cannot connect; a
    /// report-only set connects and reports it.
    case pinMismatch(enforced: Bool)
    /// The served chain is not trusted, for these reasons (empty when the evaluation named none).
    case untrusted([TrustRejection])
    /// Every pin matches a key the server uses now: no key is kept in reserve for the next renewal.
    case noBackupPin
    /// The certificates the pins match expire in `days` days, under the check's `warningDays`.
    case expiringSoon(days: Int, warningDays: Int)
    /// The pin set's expiration date has passed: apps ignore the pins.
    case pinSetExpired(Date)

    /// A stable name for the case, for JSON, logs and tests (`"noBackupPin"`, `"expiringSoon"`…).
    public var code: String {
        switch self {
        case .pinMismatch: "pinMismatch"
        case .untrusted: "untrusted"
        case .noBackupPin: "noBackupPin"
        case .expiringSoon: "expiringSoon"
        case .pinSetExpired: "pinSetExpired"
        }
    }

    public var description: String {
        switch self {
        case .pinMismatch(let enforced):
            return enforced
                ? "the served chain matches none of the pins: an app with this configuration cannot connect"
                : "the served chain matches none of the pins (report-only: apps connect and report it)"
        case .untrusted(let reasons):
            let text = reasons.map(\.description).joined(separator: "; ")
            return "the chain is not trusted: "
                + (text.isEmpty ? "the trust evaluation rejected it without naming a reason" : text)
        case .noBackupPin:
            return "no backup pin: every pin matches a key the server uses now; add the pin of a key kept "
                + "in reserve (or of another CA) before the next renewal"
        case .expiringSoon(let days, let warningDays):
            return "the certificates the pins match expire in \(days) days (under \(warningDays)): "
                + "make sure the renewed certificate uses a pinned key, and ship the next pins now"
        case .pinSetExpired(let date):
            return "the pin set expired on \(date): apps ignore it"
        }
    }
}
