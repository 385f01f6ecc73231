/// One SCT as a policy judged it: the SCT, the log it names (when the list knows it), and its status.
public struct CTSCTCheck: Sendable, Hashable {
    public var sct: SignedCertificateTimestamp
    /// The log, when the log list knows its ID.
    public var log: CTLog?
    public var status: CTSCTStatus
    /// For a valid SCT: its log is currently approved (qualified, usable, or read-only and frozen
    /// after the SCT), rather than once approved (retired after the SCT and the certificate).
    public var currentlyApproved: Bool

    /// One line for people: log, operator, time, origin and status.
    public var summary: String {
        let name = log.map { "\($0.description) (\($0.operatorName))" } ?? "log \(sct.logID.base64)"
        let when = CTDecision.timestampFormat(sct.date)
        var text = "\(name), \(when), \(sct.origin.rawValue): \(status.rawValue)"
        if status == .valid && !currentlyApproved { text += " (once-approved log)" }
        return text
    }
}
