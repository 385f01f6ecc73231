import Foundation
import NIOConcurrencyHelpers
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing

@Suite("Pin-failure reports")
struct PinFailureReportTests {
    let pki: LabPKI
    let app = ReportingApp(bundleID: "com.example.rampart-tests", version: "1.2", vendorID: "vendor-1")

    init() throws { pki = try LabPKI.shared() }

    /// A report-only decision for the rogue (MITM) chain, pinned to the genuine leaf.
    func reportOnlyDecision() async throws -> TrustDecision {
        let pins = try PinnedHost(
            domain: "localhost",
            pins: [.init(try SPKIPin(certificate: pki.chain(.good).leaf.certificate), scope: .leaf)],
            expiration: Date(timeIntervalSince1970: 2_000_000_000), enforced: false)
        let evaluator = TrustEvaluator(
            anchors: .only([pki.root.certificate, pki.rogueRoot.certificate]), pinning: [pins])
        return await evaluator.evaluate(served: try pki.chain(.rogue).served, host: "localhost")
    }

    @Test("report-only: the connection is allowed and one report records the failure in TrustKit's fields")
    func reportFields() async throws {
        let decision = try await reportOnlyDecision()
        #expect(decision.verdict == .trustedWithWarnings)
        let mismatch = try #require(decision.pinMismatch)
        let reporter = InMemoryReporter()
        try await reporter.report(
            PinFailureReport(
                mismatch, validatedChain: decision.validatedChain, port: 8443, app: app,
                date: Date(timeIntervalSince1970: 1_800_000_000)))
        let reports = await reporter.reports
        #expect(reports.count == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: reports[0].json()) as? [String: Any])
        #expect(json["app-bundle-id"] as? String == "com.example.rampart-tests")
        #expect(json["app-version"] as? String == "1.2")
        #expect(json["app-vendor-id"] as? String == "vendor-1")
        #expect(json["app-platform"] as? String == "LINUX")
        #expect((json["trustkit-version"] as? String)?.hasPrefix("rampart-") == true)
        #expect(json["hostname"] as? String == "localhost")
        #expect(json["port"] as? Int == 8443)
        #expect(json["noted-hostname"] as? String == "localhost")
        #expect(json["include-subdomains"] as? Bool == false)
        #expect(json["enforce-pinning"] as? Bool == false)
        #expect(json["validation-result"] as? Int == 1)
        #expect(json["date-time"] as? String == "2027-01-15T08:00:00Z")
        #expect(json["known-pins-expiration-date"] as? String == "2033-05-18")
        let chain = try #require(json["validated-certificate-chain"] as? [String])
        #expect(chain.count == 2)
        #expect(chain[0].hasPrefix("-----BEGIN CERTIFICATE-----"))
        let goodPin = try SPKIPin(certificate: pki.chain(.good).leaf.certificate).base64
        #expect(json["known-pins"] as? [String] == ["pin-sha256=\"\(goodPin)\""])
    }

    @Test("identical reports are sent once per 24 hours; different ones are not merged")
    func deduplication() async throws {
        let decision = try await reportOnlyDecision()
        let mismatch = try #require(decision.pinMismatch)
        let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        let sink = InMemoryReporter()
        let reporter = DeduplicatingReporter(wrapping: sink, now: { clock.withLockedValue { $0 } })
        let first = try PinFailureReport(mismatch, validatedChain: decision.validatedChain, port: 443, app: app)
        var otherPort = first
        otherPort.port = 8443
        try await reporter.report(first)
        clock.withLockedValue { $0 += 3_600 }
        try await reporter.report(first)
        try await reporter.report(otherPort)
        #expect(await sink.reports.count == 2)
        clock.withLockedValue { $0 += 86_400 }
        try await reporter.report(first)
        #expect(await sink.reports.count == 3)
    }

    @Test("the JSON-lines reporter appends one parseable report per line to a 0600 file")
    func jsonLines() async throws {
        let decision = try await reportOnlyDecision()
        let report = try PinFailureReport(
            try #require(decision.pinMismatch), validatedChain: decision.validatedChain, port: 443, app: app)
        let file = try ScratchFolder.shared().subfolder("reports").appendingPathComponent("reports.jsonl")
        let reporter = JSONLinesReporter(file: file)
        try await reporter.report(report)
        try await reporter.report(report)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
