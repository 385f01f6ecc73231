import Foundation
import RampartPolicy
import X509

/// Checks a certificate's SCTs against a log list and a CT policy: each SCT's log, time, shard,
/// state and signature, then the policy's counts. Pure: DER in, a ``CTDecision`` out.
///
/// ```swift
/// let list = try CTLogList(json: Data(contentsOf: listURL))
/// let checker = CertificateTransparencyChecker(logList: list, policy: .apple)
/// let decision = checker.check(leaf: try EncodedCertificate(derEncoded: leafDER),
///                              issuer: try EncodedCertificate(derEncoded: issuerDER))
/// print(decision.allowsConnection, decision)
/// ```
public struct CertificateTransparencyChecker: Sendable {
    /// What to do when the log list is older than ``maximumLogListAge``.
    public enum StaleLogList: String, Sendable, Hashable, Codable {
        /// Skip enforcement (decisions say so): Apple's behaviour, so that a device that cannot
        /// refresh its list keeps working.
        case failOpen
        /// Enforce anyway with the old list.
        case failClosed
    }

    public var logList: CTLogList {
        didSet {
            keys = Self.prepare(logList)
            verifiedSCTs = CTVerifiedSCTCache(capacity: verifiedSCTs.capacity)
        }
    }
    public var policy: CTComplianceRules
    /// How old the log list may be (60 days by default, as Apple).
    public var maximumLogListAge: TimeInterval
    public var whenStale: StaleLogList

    /// - Parameters:
    ///   - logList: the logs whose SCTs count.
    ///   - policy: how many SCTs from which logs a certificate needs (Apple's rules by default).
    ///   - maximumLogListAge: how old the log list may be (60 days by default, as Apple).
    ///   - whenStale: what a check does once the list is older than that.
    ///   - rememberedCertificates: how many certificates' SCT signature verdicts the
    ///     checker (and its copies) keeps, so that a server met again costs no signature check;
    ///     0 verifies every time.
    public init(
        logList: CTLogList, policy: CTComplianceRules = .apple, maximumLogListAge: TimeInterval = 60 * 86_400,
        whenStale: StaleLogList = .failOpen, rememberedCertificates: Int = 256
    ) {
        self.logList = logList
        self.verifiedSCTs = CTVerifiedSCTCache(capacity: rememberedCertificates)
        self.keys = Self.prepare(logList)
        self.policy = policy
        self.maximumLogListAge = maximumLogListAge
        self.whenStale = whenStale
    }

    /// The logs' keys, parsed once when the list is set.
    private var keys: [CTLogID: CTLog.VerifyingKey]
    /// Signature verdicts of the certificates seen with these keys (shared by copies of this
    /// checker, replaced when the list changes).
    private var verifiedSCTs: CTVerifiedSCTCache

    private static func prepare(_ list: CTLogList) -> [CTLogID: CTLog.VerifyingKey] {
        list.logs.compactMapValues { CTLog.VerifyingKey(subjectPublicKeyInfo: $0.key) }
    }

    /// Checks the SCTs embedded in `leaf` (verified with `issuer`, the next certificate of the
    /// validated path) and those `delivered` by TLS or OCSP, at `time`.
    ///
    /// Signatures are verified once per leaf, issuer and delivered SCTs: a checker (and its
    /// copies) remembers the verdicts of up to `rememberedCertificates` certificates it saw, so the
    /// handshakes of a client to a server it met before pay only for the policy, judged at their
    /// own time.
    public func check(
        leaf: EncodedCertificate, issuer: EncodedCertificate?, delivered: [SignedCertificateTimestamp] = [],
        at time: Date = Date()
    ) -> CTDecision {
        let verified = verifiedSCTs.verified(
            for: CTVerifiedSCTCache.Key(
                leaf: .init(leaf), issuer: issuer.map(CTVerifiedSCTCache.CertificateKey.init), delivered: delivered)
        ) {
            CTVerifiedSCTs(leaf: leaf, issuer: issuer, delivered: delivered, keys: keys)
        }
        return decide(verified, at: time)
    }

    /// ``check(leaf:issuer:delivered:at:)`` for certificates swift-certificates decoded (a chain
    /// being validated): nothing is encoded again, seen before or not.
    func check(
        leaf: Certificate, issuer: Certificate?, delivered: [SignedCertificateTimestamp], at time: Date
    ) -> CTDecision {
        let verified = verifiedSCTs.verified(
            for: CTVerifiedSCTCache.Key(leaf: .decoded(leaf), issuer: issuer.map { .decoded($0) }, delivered: delivered)
        ) {
            CTVerifiedSCTs(leaf: leaf, issuer: issuer, delivered: delivered, keys: keys)
        }
        return decide(verified, at: time)
    }

    /// Judges verified SCTs at `time`: each SCT's log state, shard and time, then the policy.
    private func decide(_ verified: CTVerifiedSCTs, at time: Date) -> CTDecision {
        let notAfter = verified.notAfter ?? time
        let notBefore = verified.notBefore ?? time
        var checks = zip(verified.scts, verified.signatureValid).map { sct, signatureValid in
            judge(sct, signatureValid: signatureValid, notAfter: notAfter, at: time)
        }
        // Apple: a retired log counts only when the certificate was issued (its earliest SCT from
        // a current log) before the retirement.
        var issuance: UInt64?
        for check in checks where check.status == .valid && check.currentlyApproved {
            issuance = min(issuance ?? check.sct.timestamp, check.sct.timestamp)
        }
        for index in checks.indices where checks[index].status == .valid && !checks[index].currentlyApproved {
            if case .retired(let since)? = checks[index].log?.state,
                let issuance, Date(timeIntervalSince1970: Double(issuance) / 1000) >= since
            {
                checks[index].status = .retired
            }
        }
        var decision = evaluate(checks, notBefore: notBefore, notAfter: notAfter)
        decision.notes = verified.notes  // `evaluate` adds none
        decision.malformedSCTList = verified.malformedSCTList
        let age = logList.timestamp.map { time.timeIntervalSince($0) }
        if let age, age >= -Self.futureLogListTolerance, age <= maximumLogListAge {
            decision.enforced = true
        } else {
            decision.logListStale = true
            if age == nil {
                decision.notes.append(
                    "the log list is undated (no log_list_timestamp, and no time it was received), so its age "
                        + "cannot be judged; give a dated list")
            } else if let age, let published = logList.timestamp, age < -Self.futureLogListTolerance {
                decision.notes.append(
                    "the log list is dated \(RFC3339Date.string(from: published)), after the time checked "
                        + "(\(RFC3339Date.string(from: time))): a list from the future is not current; check the clock "
                        + "or the list")
            } else {
                decision.notes.append(
                    "the log list is \(Self.days(age ?? 0)) days old, over the \(Self.days(maximumLogListAge))-day "
                        + "limit; refresh it")
            }
            decision.enforced = whenStale == .failClosed
        }
        return decision
    }

    /// One SCT's status.
    private func judge(
        _ sct: SignedCertificateTimestamp, signatureValid: Bool, notAfter: Date, at time: Date
    ) -> CTSCTCheck {
        let known = logList.logs[sct.logID]
        func result(_ status: CTSCTStatus, current: Bool = false) -> CTSCTCheck {
            CTSCTCheck(sct: sct, log: known, status: status, currentlyApproved: current)
        }
        guard let log = known else { return result(.unknownLog) }
        guard sct.date <= time else { return result(.future) }
        guard signatureValid else { return result(.invalid) }
        if let shard = log.temporalInterval, !shard.contains(notAfter) { return result(.wrongShard) }
        switch log.state {
        case .pending, .rejected: return result(.logNotApproved)
        case .qualified, .usable: return result(.valid, current: true)
        case .readOnly(let since): return sct.date < since ? result(.valid, current: true) : result(.logNotApproved)
        case .retired(let since):
            return sct.origin == .embedded && sct.date < since ? result(.valid) : result(.retired)
        }
    }

    /// The policy's counts and outcome.
    private func evaluate(_ checks: [CTSCTCheck], notBefore: Date, notAfter: Date) -> CTDecision {
        let lifetime = CTComplianceRules.lifetimeDays(notBefore: notBefore, notAfter: notAfter)
        var missing: [CTRequirement] = []
        let counts: CTDecision.Counts
        let compliant: Bool
        switch policy {
        case .apple:
            let (required, cap) = CTComplianceRules.appleEmbeddedRequirement(notBefore: notBefore, notAfter: notAfter)
            let tally = CTLogTally(checks, perOperatorCap: cap)
            counts = tally.counts(
                embeddedCounted: tally.embeddedCounted, required: required, perOperatorCap: cap, lifetimeDays: lifetime)
            let base = tally.approvedLogs >= 2
            let byDelivery = tally.currentlyApprovedLogs >= 2 && tally.deliveredLogs > 0
            let byEmbedding = tally.embeddedCurrentLogs > 0 && tally.embeddedCounted >= required
            if !base { missing.append(.approvedLogs(required: 2, found: tally.approvedLogs)) }
            if !byDelivery && !byEmbedding {
                missing.append(
                    .appleDeliveryOrEmbedding(
                        currentLogs: tally.currentlyApprovedLogs, delivered: tally.deliveredLogs,
                        embeddedRequired: required, perOperatorCap: cap, embeddedCounted: tally.embeddedCounted))
            }
            if !tally.hasRFC6962Log && tally.approvedLogs > 0 { missing.append(.rfc6962Log) }
            compliant = base && (byDelivery || byEmbedding) && tally.hasRFC6962Log
        case .chrome:
            let required = lifetime <= 180 ? 2 : 3
            let tally = CTLogTally(checks, perOperatorCap: nil)
            counts = tally.counts(
                embeddedCounted: tally.embeddedLogs, required: required, perOperatorCap: nil, lifetimeDays: lifetime)
            let byEmbedding =
                tally.embeddedLogs >= required && tally.embeddedCurrentLogs > 0 && tally.embeddedOperators >= 2
            let byDelivery = tally.deliveredLogs >= 2 && tally.deliveredOperators >= 2
            if !byEmbedding && !byDelivery {
                missing.append(
                    .chromeEmbeddingOrDelivery(
                        embeddedRequired: required, embedded: tally.embeddedLogs,
                        embeddedOperators: tally.embeddedOperators, delivered: tally.deliveredLogs))
            }
            if !tally.hasRFC6962Log && tally.approvedLogs > 0 { missing.append(.rfc6962Log) }
            compliant = (byEmbedding || byDelivery) && tally.hasRFC6962Log
        }
        return CTDecision(
            policy: policy, checks: checks, compliant: compliant, counts: counts, missing: missing, enforced: true,
            logListStale: false, notes: [])
    }

    /// How far in the future a list's `log_list_timestamp` may be and still count as current
    /// (clocks differ a little): one hour. A list dated later is stale, never fresh for ever.
    public static let futureLogListTolerance: TimeInterval = 3600

    /// A duration in whole days for a message, whatever its size (no conversion that can trap).
    static func days(_ interval: TimeInterval) -> String {
        let days = (interval / 86_400).rounded(.towardZero)
        if days.magnitude < 1e9, let whole = Int(exactly: days) { return "\(whole)" }
        return interval.isNaN ? "an unknown number of" : (interval < 0 ? "less than -1e9" : "more than 1e9")
    }
}
