/// What CT policies count among a certificate's judged SCTs: distinct logs (each by its earliest
/// valid SCT, the first of equal times) and distinct operators, for all valid SCTs, the delivered
/// ones from current logs and the embedded ones.
///
/// Counted in place over the checks (a handful per certificate), with no collection built per
/// count: a first-sight trust decision makes this tally for every handshake.
///
/// ```swift
/// let tally = CTLogTally(checks, perOperatorCap: 1)
/// let compliant = tally.approvedLogs >= 2 && tally.hasRFC6962Log
/// ```
struct CTLogTally {
    /// Distinct logs with a valid SCT.
    var approvedLogs = 0
    /// Of those, logs whose earliest valid SCT is from a currently approved log.
    var currentlyApprovedLogs = 0
    /// Distinct operators of the logs with a valid SCT.
    var operators = 0
    /// Distinct logs with a valid SCT delivered by TLS or OCSP from a currently approved log.
    var deliveredLogs = 0
    /// Distinct operators of those logs.
    var deliveredOperators = 0
    /// Distinct logs with a valid embedded SCT.
    var embeddedLogs = 0
    /// Of those, logs whose earliest valid embedded SCT is currently approved.
    var embeddedCurrentLogs = 0
    /// Distinct operators of those logs.
    var embeddedOperators = 0
    /// Embedded logs that count when one operator may provide at most `perOperatorCap` of them.
    var embeddedCounted = 0
    /// A valid SCT comes from an RFC 6962 log (not a static-ct-api one).
    var hasRFC6962Log = false

    /// The roles a check plays, as bits: the earliest valid SCT of its log among all valid SCTs,
    /// among the delivered current ones, among the embedded ones.
    private static let approved: UInt8 = 1
    private static let delivered: UInt8 = 2
    private static let embedded: UInt8 = 4

    init(_ checks: [CTSCTCheck], perOperatorCap cap: Int?) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: checks.count) { roles in
            for index in checks.indices {
                roles[index] = Self.roles(of: index, in: checks)
            }
            for index in checks.indices where roles[index] != 0 {
                let check = checks[index]
                let role = roles[index]
                let operatorName = check.log?.operatorName
                func firstOfOperator(_ role: UInt8) -> Bool {
                    guard let operatorName else { return false }
                    return !checks.indices[..<index].contains {
                        roles[$0] & role != 0 && checks[$0].log?.operatorName == operatorName
                    }
                }
                if role & Self.approved != 0 {
                    approvedLogs += 1
                    if check.currentlyApproved { currentlyApprovedLogs += 1 }
                    if firstOfOperator(Self.approved) { operators += 1 }
                    if check.log?.isStaticCTAPI == false { hasRFC6962Log = true }
                }
                if role & Self.delivered != 0 {
                    deliveredLogs += 1
                    if firstOfOperator(Self.delivered) { deliveredOperators += 1 }
                }
                if role & Self.embedded != 0 {
                    embeddedLogs += 1
                    if check.currentlyApproved { embeddedCurrentLogs += 1 }
                    if firstOfOperator(Self.embedded) { embeddedOperators += 1 }
                    // Counted unless `cap` embedded logs of the same operator came before it (an
                    // SCT whose log the list lacks is its own operator, named by its log ID).
                    let earlier = checks.indices[..<index].count {
                        roles[$0] & Self.embedded != 0 && Self.sameOperator(checks[$0], check)
                    }
                    if cap.map({ earlier < $0 }) ?? true { embeddedCounted += 1 }
                }
            }
        }
    }

    /// The counts a decision shows: these, with the policy's requirement for embedded SCTs and
    /// how many of them it counted.
    func counts(embeddedCounted: Int, required: Int, perOperatorCap cap: Int?, lifetimeDays: Int) -> CTDecision.Counts {
        CTDecision.Counts(
            approvedLogs: approvedLogs, currentlyApprovedLogs: currentlyApprovedLogs,
            deliveredFromCurrentLogs: deliveredLogs, embeddedFromCurrentLogs: embeddedCurrentLogs,
            embeddedCounted: embeddedCounted, embeddedRequired: required, perOperatorCap: cap, operators: operators,
            lifetimeDays: lifetimeDays)
    }

    /// Which counts `checks[index]` represents its log in.
    private static func roles(of index: Int, in checks: [CTSCTCheck]) -> UInt8 {
        // Fields are read in place: copying a check would retain every array and string it holds.
        guard checks[index].status == .valid else { return 0 }
        let origin = checks[index].sct.origin
        let timestamp = checks[index].sct.timestamp
        var roles = approved
        if checks[index].currentlyApproved && origin != .embedded { roles |= delivered }
        if origin == .embedded { roles |= embedded }
        for other in checks.indices where other != index && roles != 0 {
            guard checks[other].status == .valid,
                checks[other].sct.timestamp < timestamp || (checks[other].sct.timestamp == timestamp && other < index),
                checks[other].sct.logID == checks[index].sct.logID
            else { continue }
            // An earlier valid SCT of the same log represents it in every count it belongs to.
            roles &= ~approved
            if checks[other].currentlyApproved && checks[other].sct.origin != .embedded { roles &= ~delivered }
            if checks[other].sct.origin == .embedded { roles &= ~embedded }
        }
        return roles
    }

    private static func sameOperator(_ lhs: CTSCTCheck, _ rhs: CTSCTCheck) -> Bool {
        switch (lhs.log, rhs.log) {
        case (let left?, let right?): return left.operatorName == right.operatorName
        case (nil, nil): return lhs.sct.logID == rhs.sct.logID
        default: return false
        }
    }
}
