import Foundation
import RampartTestKit
import RampartTrust
import Testing
import X509

/// Apple's and Chrome's CT policies on lab certificates whose SCTs lab logs signed.
@Suite("Certificate Transparency: policies on lab logs")
struct CTPolicyTests {
    /// Two operators with two logs each, and one log for the odd cases.
    struct Logs {
        let argon: LabCTLog
        let xenon: LabCTLog
        let nimbus: LabCTLog
        let oak: LabCTLog
        let sabre: LabCTLog

        static let shared: Result<Logs, any Error> = Result {
            Logs(
                argon: try LabCTLog(name: "Lab Argon", operatorName: "Lab Google"),
                xenon: try LabCTLog(name: "Lab Xenon", operatorName: "Lab Google"),
                nimbus: try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare", key: .rsa2048),
                oak: try LabCTLog(name: "Lab Oak", operatorName: "Lab Let's Encrypt"),
                sabre: try LabCTLog(name: "Lab Sabre", operatorName: "Lab Sectigo"))
        }
    }

    let logs: Logs
    let pki: LabPKI
    let now = Date()
    let longAgo = Date(timeIntervalSince1970: 1_500_000_000)

    init() throws {
        logs = try Logs.shared.get()
        pki = try LabPKI.shared()
    }

    /// A list where every lab log is usable, except the states given.
    func list(_ states: [CTLogID: CTLog.State] = [:], published: Date? = nil) -> CTLogList {
        let all = [logs.argon, logs.xenon, logs.nimbus, logs.oak, logs.sabre]
        return CTLogList(
            logs: all.map { $0.log(state: states[$0.id] ?? .usable(since: longAgo)) }, timestamp: published ?? now)
    }

    func check(
        _ chain: LabChain, list: CTLogList? = nil, policy: CTComplianceRules = .apple, at time: Date? = nil,
        delivered: [SignedCertificateTimestamp] = []
    ) throws -> CTDecision {
        let checker = CertificateTransparencyChecker(logList: list ?? self.list(), policy: policy)
        return checker.check(
            leaf: try EncodedCertificate(chain.leaf.certificate),
            issuer: try EncodedCertificate(pki.intermediate.certificate), delivered: delivered, at: time ?? now)
    }

    @Test("two embedded SCTs from two operators meet Apple's and Chrome's policies for a 90-day certificate")
    func compliant() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)])
        let apple = try check(chain)
        #expect(apple.compliant, "\(apple)")
        #expect(apple.checks.map(\.status) == [.valid, .valid])
        #expect(apple.counts.embeddedRequired == 2 && apple.counts.embeddedCounted == 2)
        #expect(try check(chain, policy: .chrome).compliant)
        #expect(apple.description.contains("Lab Argon (Lab Google)"))
    }

    @Test("one SCT is too few, and the decision says what is missing")
    func tooFew() throws {
        let decision = try check(try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60)]))
        #expect(!decision.compliant && decision.enforced && !decision.allowsConnection)
        #expect(decision.missing.contains(.approvedLogs(required: 2, found: 1)), "\(decision.missing)")
        #expect(decision.missing.map(\.description).contains("SCTs from at least 2 approved logs (found 1)"))
    }

    @Test("an unknown log, a forged signature and an SCT from the future do not count")
    func badSCTs() throws {
        let stranger = try LabCTLog(name: "Stranger", operatorName: "Nobody")
        let unknown = try check(try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (stranger, now - 60)]))
        #expect(unknown.checks.map(\.status) == [.valid, .unknownLog] && !unknown.compliant)
        let future = try check(try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now + 3600)]))
        #expect(future.checks.map(\.status) == [.valid, .future] && !future.compliant)
        // A forged SCT: a log whose key the list pairs with another log's ID.
        var forgedList = list()
        let impostor = try LabCTLog(name: "Impostor", operatorName: "Lab Cloudflare")
        forgedList.logs[logs.nimbus.id] = CTLog(
            key: impostor.subjectPublicKeyInfo, description: "Lab Nimbus", operatorName: "Lab Cloudflare",
            state: .usable(since: longAgo))
        let forged = try check(
            try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)]), list: forgedList)
        #expect(forged.checks.map(\.status) == [.valid, .invalid] && !forged.compliant)
    }

    @Test("Apple caps each operator at one SCT for a certificate of 180 days or less")
    func operatorCap() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.xenon, now - 60)])
        let decision = try check(chain)
        #expect(decision.checks.map(\.status) == [.valid, .valid])
        #expect(decision.counts.perOperatorCap == 1 && decision.counts.embeddedCounted == 1)
        #expect(!decision.compliant)
        #expect(!(try check(chain, policy: .chrome).compliant), "Chrome wants two operators as well")
    }

    @Test("the 180-day boundary: 180 days inclusive need 2 SCTs; dates 180 days apart last 181 and need 3")
    func lifetimeBoundary() throws {
        let start = now - 3600
        #expect(CTComplianceRules.lifetimeDays(notBefore: start, notAfter: start + 180 * 86_400 - 1) == 180)
        #expect(CTComplianceRules.lifetimeDays(notBefore: start, notAfter: start + 180 * 86_400) == 181)
        let signers = [(logs.argon, now - 60), (logs.nimbus, now - 60)]
        let within = try pki.leafWithEmbeddedSCTs(from: signers, validity: (start, start + 180 * 86_400 - 1))
        #expect(try check(within).compliant)
        let beyond = try pki.leafWithEmbeddedSCTs(from: signers, validity: (start, start + 180 * 86_400))
        let decision = try check(beyond)
        #expect(decision.counts.lifetimeDays == 181 && decision.counts.embeddedRequired == 3 && !decision.compliant)
        let three = try pki.leafWithEmbeddedSCTs(
            from: signers + [(logs.oak, now - 60)], validity: (start, start + 180 * 86_400))
        #expect(try check(three).compliant)
        // Before 2021-04-21 the older table applies: under 15 months, 2.
        let old = Date(timeIntervalSince1970: 1_600_000_000)
        #expect(CTComplianceRules.appleEmbeddedRequirement(notBefore: old, notAfter: old + 400 * 86_400).count == 2)
        #expect(CTComplianceRules.appleEmbeddedRequirement(notBefore: old, notAfter: old + 800 * 86_400).count == 3)
    }

    @Test("a retired log counts for SCTs embedded before it retired, not after; a frozen log likewise")
    func retiredAndFrozen() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 600), (logs.nimbus, now - 600)])
        let retiredLater = list([logs.nimbus.id: .retired(since: now - 60)])
        let counted = try check(chain, list: retiredLater)
        #expect(counted.checks.map(\.status) == [.valid, .valid] && counted.compliant, "\(counted)")
        #expect(counted.checks.last?.currentlyApproved == false)
        let retiredBefore = list([logs.nimbus.id: .retired(since: now - 3600)])
        let refused = try check(chain, list: retiredBefore)
        #expect(refused.checks.map(\.status) == [.valid, .retired] && !refused.compliant)
        let frozenBefore = list([logs.nimbus.id: .readOnly(since: now - 3600)])
        #expect(try check(chain, list: frozenBefore).checks.last?.status == .logNotApproved)
        let frozenAfter = list([logs.nimbus.id: .readOnly(since: now - 60)])
        #expect(try check(chain, list: frozenAfter).compliant)
        let rejected = list([logs.nimbus.id: .rejected(since: now - 60)])
        #expect(try check(chain, list: rejected).checks.last?.status == .logNotApproved)
    }

    @Test("a temporal shard counts only for certificates expiring inside it")
    func shards() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)])
        var shardList = list()
        shardList.logs[logs.nimbus.id] = logs.nimbus.log(
            state: .usable(since: longAgo), temporalInterval: (now + 400 * 86_400)..<(now + 800 * 86_400))
        let decision = try check(chain, list: shardList)
        #expect(decision.checks.last?.status == .wrongShard && !decision.compliant)
    }

    @Test("a stale log list fails open by default (as Apple) and closed on request")
    func staleList() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60)])
        let stale = list(published: now - 61 * 86_400)
        let open = CertificateTransparencyChecker(logList: stale).check(
            leaf: try EncodedCertificate(chain.leaf.certificate),
            issuer: try EncodedCertificate(pki.intermediate.certificate),
            at: now)
        #expect(!open.compliant && !open.enforced && open.allowsConnection)
        #expect(open.notes.contains { $0.contains("61 days old") }, "\(open.notes)")
        let closed = CertificateTransparencyChecker(logList: stale, whenStale: .failClosed).check(
            leaf: try EncodedCertificate(chain.leaf.certificate),
            issuer: try EncodedCertificate(pki.intermediate.certificate),
            at: now)
        #expect(closed.enforced && !closed.allowsConnection)
    }

    @Test("SCTs delivered by TLS count for Apple's first branch, and need one current log")
    func delivered() throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60)])
        let byTLS = try logs.oak.sct(
            over: .certificate(try chain.leaf.certificate.derBytes), at: now - 60, origin: .tlsExtension)
        let decision = try check(chain, delivered: [byTLS])
        #expect(decision.compliant, "\(decision)")
        #expect(decision.counts.deliveredFromCurrentLogs == 1)
    }

    @Test("a log counts once however many of its SCTs a certificate holds or a server delivers")
    func oneLogCountsOnce() throws {
        let twice = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 600), (logs.argon, now - 60)])
        let apple = try check(twice)
        #expect(apple.checks.map(\.status) == [.valid, .valid], "\(apple)")
        #expect(apple.counts.approvedLogs == 1 && apple.counts.embeddedCounted == 1 && apple.counts.operators == 1)
        #expect(apple.missing.contains(.approvedLogs(required: 2, found: 1)) && !apple.compliant)
        let chrome = try check(twice, policy: .chrome)
        #expect(chrome.counts.embeddedCounted == 1 && !chrome.compliant)

        // With a second operator's log it meets both policies, still counting two logs, not three.
        let withNimbus = try pki.leafWithEmbeddedSCTs(
            from: [(logs.argon, now - 600), (logs.nimbus, now - 60), (logs.argon, now - 60)])
        let both = try check(withNimbus)
        #expect(both.compliant && both.counts.approvedLogs == 2 && both.counts.embeddedCounted == 2, "\(both)")
        #expect(both.counts.embeddedFromCurrentLogs == 2 && both.counts.operators == 2)
        let chromeBoth = try check(withNimbus, policy: .chrome)
        #expect(chromeBoth.compliant && chromeBoth.counts.embeddedCounted == 2)

        // The same log's SCT delivered twice, by TLS and by OCSP, is one delivered log.
        let once = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60)])
        let entry = CTSignedEntry.certificate(try once.leaf.certificate.derBytes)
        let delivered = [
            try logs.oak.sct(over: entry, at: now - 120, origin: .tlsExtension),
            try logs.oak.sct(over: entry, at: now - 60, origin: .ocsp),
        ]
        let decision = try check(once, delivered: delivered)
        #expect(decision.checks.map(\.status) == [.valid, .valid, .valid], "\(decision)")
        #expect(decision.counts.deliveredFromCurrentLogs == 1 && decision.counts.approvedLogs == 2)
        #expect(decision.compliant)
    }

    @Test("CT in the trust evaluator: a public chain needs it, a root the caller added is exempt unless asked")
    func inTheEvaluator() async throws {
        let compliant = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)])
        let bare = try pki.leafWithEmbeddedSCTs(from: [])
        let checker = CertificateTransparencyChecker(logList: list())
        let strict = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: checker, requireForExemptRoots: true)
        }
        #expect(await strict.evaluate(served: compliant.served, host: "localhost").verdict == .trusted)
        let refused = await strict.evaluate(served: bare.served, host: "localhost")
        #expect(refused.verdict == .rejected)
        guard case .additionalPolicy(let reason) = refused.failures.first else {
            Issue.record("\(refused.failures)")
            return
        }
        #expect(reason.contains("Certificate Transparency") && reason.contains("no SCT"), "\(reason)")
        let exempt = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: checker, exemptRoots: [pki.root.certificate])
        }
        #expect(await exempt.evaluate(served: bare.served, host: "localhost").verdict == .trusted)
    }

    @Test("the trust decision carries the CT decision that let the chain through or refused it; none when exempt")
    func decisionCarriesTransparency() async throws {
        let compliant = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)])
        let one = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60)])
        let checker = CertificateTransparencyChecker(logList: list())
        let strict = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: checker, requireForExemptRoots: true)
        }
        let trusted = await strict.evaluate(served: compliant.served, host: "localhost")
        #expect(trusted.verdict == .trusted, "\(trusted.failures)")
        let passed = try #require(trusted.transparency)
        #expect(passed.compliant && passed.checks.map(\.status) == [.valid, .valid], "\(passed)")
        let direct = try check(compliant)
        #expect(passed.checks == direct.checks && passed.counts == direct.counts)
        // Refused for CT: the decision that refused it, with what was missing.
        let refused = await strict.evaluate(served: one.served, host: "localhost")
        #expect(refused.verdict == .rejected)
        let refusing = try #require(refused.transparency)
        #expect(!refusing.allowsConnection && refusing.checks.count == 1, "\(refusing)")
        #expect(refusing.missing.map(\.code) == (try check(one)).missing.map(\.code) && !refusing.missing.isEmpty)
        // Refused before CT (wrong host): no CT decision; an exempt root: none either.
        #expect(await strict.evaluate(served: compliant.served, host: "other.example").transparency == nil)
        let exempt = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            CertificateTransparencyPolicy(checker: checker, exemptRoots: [pki.root.certificate])
        }
        let unchecked = await exempt.evaluate(served: one.served, host: "localhost")
        #expect(unchecked.verdict == .trusted && unchecked.transparency == nil)
        // No CT policy at all: none.
        let plain = TrustEvaluator(anchors: .only([pki.root.certificate]))
        #expect(await plain.evaluate(served: compliant.served, host: "localhost").transparency == nil)
    }

    @Test("a checker remembers signatures, not statuses: a second look judges again at its own time and list")
    func rememberedVerdicts() async throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.nimbus, now - 60), (logs.argon, now + 600)])
        var checker = CertificateTransparencyChecker(logList: list())
        let leaf = try EncodedCertificate(chain.leaf.certificate)
        let issuer = try EncodedCertificate(pki.intermediate.certificate)
        // The same certificates, first before the argon SCT's time, then after it.
        #expect(checker.check(leaf: leaf, issuer: issuer, at: now).checks.map(\.status) == [.valid, .future])
        #expect(checker.check(leaf: leaf, issuer: issuer, at: now + 3600).checks.map(\.status) == [.valid, .valid])
        // Through a trust evaluator (the chain as swift-certificates decoded it), twice.
        let policy = CertificateTransparencyPolicy(checker: checker, requireForExemptRoots: true, at: now + 3600)
        let evaluator = TrustEvaluator(anchors: .only([pki.root.certificate])) {
            policy
        }
        for _ in 0..<2 {
            let decision = await evaluator.evaluate(served: chain.served, host: "localhost", at: now + 3600)
            #expect(decision.verdict == .trusted, "\(decision.failures)")
        }
        // Another issuer (not the one that signed the precertificate): no verdict is reused.
        let wrongIssuer = try EncodedCertificate(pki.root.certificate)
        #expect(
            checker.check(leaf: leaf, issuer: wrongIssuer, at: now + 3600).checks.map(\.status) == [.invalid, .invalid])
        // A new list whose nimbus entry carries argon's key: the remembered verdicts are dropped.
        var forged = list()
        forged.logs[logs.nimbus.id] = CTLog(
            key: logs.argon.subjectPublicKeyInfo, description: "Lab Nimbus", operatorName: "Lab Cloudflare",
            state: .usable(since: longAgo))
        checker.logList = forged
        #expect(checker.check(leaf: leaf, issuer: issuer, at: now + 3600).checks.map(\.status) == [.invalid, .valid])
    }
}
