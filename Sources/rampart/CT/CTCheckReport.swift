import Foundation
import RampartTrust

/// `rampart ct check --format json`: each SCT and the policy's outcome.
struct CTCheckReport: Encodable {
    struct SCT: Encodable {
        var logID: String
        var logDescription: String?
        var `operator`: String?
        var timestamp: Date
        var origin: String
        var status: String
        var currentlyApproved: Bool
    }

    var scts: [SCT]
    var compliant: Bool
    var policy: String
    var counts: CTDecision.Counts
    var missing: [String]
    var notes: [String]
    var logListCurrent: Bool

    init(_ decision: CTDecision) {
        scts = decision.checks.map { check in
            SCT(
                logID: check.sct.logID.base64, logDescription: check.log?.description,
                operator: check.log?.operatorName, timestamp: check.sct.date, origin: check.sct.origin.rawValue,
                status: check.status.rawValue, currentlyApproved: check.status == .valid && check.currentlyApproved)
        }
        compliant = decision.compliant
        policy = decision.policy.rawValue
        counts = decision.counts
        missing = decision.missing
        notes = decision.notes
        logListCurrent = !decision.logListStale
    }
}
