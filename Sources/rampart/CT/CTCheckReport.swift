import Foundation
import RampartPolicy
import RampartTrust

/// `rampart ct check --format json`: each SCT and the policy's outcome.
struct CTCheckReport: Encodable {
    struct SCT: Encodable {
        var logID: String
        var logDescription: String?
        var `operator`: String?
        /// RFC 3339, UTC (any 64-bit SCT time is written, never trapped on).
        var timestamp: String
        var origin: String
        var status: String
        var currentlyApproved: Bool
    }

    var scts: [SCT]
    var compliant: Bool
    var policy: String
    var counts: CTDecision.Counts
    var missing: [String]
    /// A stable code per entry of `missing`, in its order (``CTRequirement/code``).
    var missingCodes: [String]
    var notes: [String]
    var logListCurrent: Bool
    /// Why the certificate's SCT list is malformed, when it is (absent from the JSON otherwise).
    var malformedSCTList: String?

    init(_ decision: CTDecision) {
        scts = decision.checks.map { check in
            SCT(
                logID: check.sct.logID.base64, logDescription: check.log?.description,
                operator: check.log?.operatorName, timestamp: RFC3339Date.string(from: check.sct.date),
                origin: check.sct.origin.rawValue,
                status: check.status.rawValue, currentlyApproved: check.status == .valid && check.currentlyApproved)
        }
        compliant = decision.compliant
        policy = decision.policy.rawValue
        counts = decision.counts
        missing = decision.missing.map(\.description)
        missingCodes = decision.missing.map(\.code)
        notes = decision.notes
        logListCurrent = !decision.logListStale
        malformedSCTList = decision.malformedSCTList
    }
}
