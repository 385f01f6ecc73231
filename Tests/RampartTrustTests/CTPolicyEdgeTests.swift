import Crypto
import Foundation
import RampartTestKit
import RampartTrust
import SwiftASN1
import Testing
import X509

/// The checker at the edges issue 26 found: a list dated in the future, ages no `Int` can hold,
/// and a certificate whose SCT list is malformed.
@Suite("Certificate Transparency: list ages and malformed SCT lists")
struct CTPolicyEdgeTests {
    let logs: CTPolicyTests.Logs
    let pki: LabPKI
    let now = Date()

    init() throws {
        logs = try CTPolicyTests.Logs.shared.get()
        pki = try LabPKI.shared()
    }

    func list(published: Date?) -> CTLogList {
        CTLogList(
            logs: [logs.argon, logs.nimbus].map { $0.log(state: .usable(since: Date(timeIntervalSince1970: 0))) },
            timestamp: published)
    }

    func decide(_ list: CTLogList, maximumAge: TimeInterval = 60 * 86_400, at time: Date? = nil) throws -> CTDecision {
        let chain = try pki.leafWithEmbeddedSCTs(from: [(logs.argon, now - 60), (logs.nimbus, now - 60)])
        return CertificateTransparencyChecker(logList: list, maximumLogListAge: maximumAge).check(
            leaf: try EncodedCertificate(chain.leaf.certificate),
            issuer: try EncodedCertificate(pki.intermediate.certificate), at: time ?? now)
    }

    @Test("a list dated in the future is not current (it used to count as fresh for ever); a few minutes ahead is")
    func futureList() throws {
        let future = try decide(list(published: now + 10 * 365 * 86_400))
        #expect(future.logListStale && !future.enforced && future.compliant)
        #expect(future.notes.contains { $0.contains("after the time checked") }, "\(future.notes)")
        let skewed = try decide(list(published: now + 300))
        #expect(!skewed.logListStale && skewed.enforced, "\(skewed.notes)")
        #expect(CertificateTransparencyChecker.futureLogListTolerance == 3600)
    }

    @Test(
        "any maximum age, even one no Int holds, and any list date give a note, never a trap",
        arguments: [Double(Int.max) * 86_400, Double(Int.max), .infinity, .nan, -1, 0, 1e300])
    func hugeAges(maximumAge: TimeInterval) throws {
        let undated = try decide(list(published: nil), maximumAge: maximumAge)
        #expect(undated.logListStale && undated.notes.contains { $0.contains("undated") }, "\(undated.notes)")
        let ancient = try decide(list(published: .distantPast), maximumAge: maximumAge, at: .distantFuture)
        #expect(ancient.notes.allSatisfy { !$0.isEmpty })
        let far = try decide(list(published: Date(timeIntervalSince1970: -1e300)), maximumAge: maximumAge)
        #expect(far.notes.allSatisfy { !$0.isEmpty })
    }

    @Test("a malformed SCT list in the certificate is named as malformed, not reported as \"no SCT\"")
    func malformedSCTList() throws {
        let leaf = try pki.leafWithRawSCTList()
        let decision = CertificateTransparencyChecker(logList: list(published: now)).check(
            leaf: try EncodedCertificate(leaf), issuer: try EncodedCertificate(pki.intermediate.certificate), at: now)
        #expect(!decision.compliant)
        let reason = try #require(decision.malformedSCTList)
        #expect(reason.contains("overrun") || reason.contains("bytes"), "\(reason)")
        #expect(decision.description.contains("malformed SCT list in the certificate"), "\(decision)")
        #expect(!decision.description.contains("no SCT:"), "\(decision)")
        // A certificate without the extension has no SCT, and nothing malformed.
        let bare = try pki.leafWithEmbeddedSCTs(from: [])
        let none = CertificateTransparencyChecker(logList: list(published: now)).check(
            leaf: try EncodedCertificate(bare.leaf.certificate),
            issuer: try EncodedCertificate(pki.intermediate.certificate), at: now)
        #expect(none.malformedSCTList == nil && none.description.contains("no SCT:"))
    }
}
