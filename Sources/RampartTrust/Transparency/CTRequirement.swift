/// One rule of ``CTComplianceRules`` that a certificate does not meet, with the counts that decided
/// it: a typed case a program can `switch` on; ``description`` is the sentence for people.
///
/// ```swift
/// for requirement in decision.missing {
///     if case .approvedLogs(let required, let found) = requirement { print("\(found) of \(required) logs") }
/// }
/// ```
public enum CTRequirement: Sendable, Hashable, CustomStringConvertible {
    /// Apple: SCTs from at least `required` distinct once- or currently-approved logs.
    case approvedLogs(required: Int, found: Int)
    /// Apple: either 2 SCTs from current logs with one delivered by TLS or OCSP, or an embedded SCT
    /// from a current log and `embeddedRequired` embedded SCTs from distinct logs (at most
    /// `perOperatorCap` per operator).
    case appleDeliveryOrEmbedding(
        currentLogs: Int, delivered: Int, embeddedRequired: Int, perOperatorCap: Int?, embeddedCounted: Int)
    /// Chrome: `embeddedRequired` embedded SCTs from distinct logs of 2 operators with one log
    /// current, or 2 delivered by TLS or OCSP from current logs of 2 operators.
    case chromeEmbeddingOrDelivery(embeddedRequired: Int, embedded: Int, embeddedOperators: Int, delivered: Int)
    /// An SCT from an RFC 6962 log: all valid ones are from static-ct-api logs.
    case rfc6962Log

    /// A stable name for the case, for JSON, logs and tests.
    public var code: String {
        switch self {
        case .approvedLogs: "approvedLogs"
        case .appleDeliveryOrEmbedding: "appleDeliveryOrEmbedding"
        case .chromeEmbeddingOrDelivery: "chromeEmbeddingOrDelivery"
        case .rfc6962Log: "rfc6962Log"
        }
    }

    public var description: String {
        switch self {
        case .approvedLogs(let required, let found):
            return "SCTs from at least \(required) approved logs (found \(found))"
        case .appleDeliveryOrEmbedding(let current, let delivered, let required, let cap, let counted):
            return "either 2 SCTs from current logs with one delivered by TLS or OCSP (found \(current), "
                + "\(delivered) delivered), or an embedded SCT from a current log and \(required) embedded "
                + "SCTs from distinct logs\(cap.map { ", at most \($0) per operator" } ?? "") "
                + "(counted \(counted))"
        case .chromeEmbeddingOrDelivery(let required, let embedded, let operators, let delivered):
            return "\(required) embedded SCTs from distinct logs of 2 operators, one log current (found "
                + "\(embedded) from \(operators) operator(s)), or 2 delivered by TLS or OCSP "
                + "from current logs of 2 operators (found \(delivered))"
        case .rfc6962Log:
            return "an SCT from an RFC 6962 log (all are static-ct-api)"
        }
    }
}
