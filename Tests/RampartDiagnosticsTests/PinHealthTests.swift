import Foundation
import RampartDiagnostics
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing

/// `PinHealthCheck` against in-process lab servers: what would brick an app after a renewal.
@Suite("Pin health of live servers")
struct PinHealthTests {
    let pki: LabPKI
    let checker: PinHealthCheck

    init() throws {
        pki = try LabPKI.shared()
        checker = PinHealthCheck(anchors: .only([try LabPKI.shared().root.certificate]), warningDays: 30)
    }

    func pin(_ scenario: LabScenario) throws -> SPKIPin {
        try SPKIPin(certificate: try pki.chain(scenario).leaf.certificate)
    }

    func check(_ chain: LabChain, _ pins: [PinnedHost.ScopedPin]) async throws -> PinHealth {
        let host = try PinnedHost(domain: "localhost", pins: pins, requiresBackupPin: false)
        return try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await checker.check(host, endpoint: try Endpoint(host: "127.0.0.1", port: server.port))
        }
    }

    @Test("a leaf pin and a backup pin: healthy, the backup named, days to expiry counted")
    func healthy() async throws {
        let health = try await check(
            try pki.chain(.good), [.init(try pin(.good), scope: .leaf), .init(try pin(.p384), scope: .leaf)])
        #expect(health.isHealthy && health.passes && health.problems.isEmpty, "\(health.problems)")
        #expect(health.backupPins == ["\(try pin(.p384)) (leaf)"])
        #expect(health.pins[0].positions == [0] && (88...90).contains(health.daysToExpiry ?? 0))
    }

    @Test("the only pin is a leaf expiring in 10 days: no backup pin and inside the window")
    func expiringWithoutBackup() async throws {
        let chain = try pki.leafWithEmbeddedSCTs(from: [], validity: (Date() - 3600, Date() + 10 * 86_400 + 600))
        let health = try await check(chain, [.init(try SPKIPin(certificate: chain.leaf.certificate), scope: .leaf)])
        #expect(health.passes, "the app still connects today")
        #expect(health.daysToExpiry == 10)
        #expect(health.problems == [.noBackupPin, .expiringSoon(days: 10, warningDays: 30)], "\(health.problems)")
        #expect(!health.isHealthy, "passing today is not healthy when a problem is coming")
        #expect(health.problems.map(\.code) == ["noBackupPin", "expiringSoon"])
        #expect(health.problems[1].description.contains("expire in 10 days (under 30)"))
    }

    @Test("a CA pin outlives the leaf: the intermediate's expiry counts")
    func caPin() async throws {
        let intermediate = try SPKIPin(certificate: pki.intermediate.certificate)
        let health = try await check(
            try pki.chain(.good), [.init(intermediate, scope: .ca), .init(try pin(.p384), scope: .ca)])
        #expect(health.passes && health.problems.isEmpty, "\(health.problems)")
        #expect((health.daysToExpiry ?? 0) > 365 && health.pins[0].positions == [1])
    }

    @Test("the server's key was rotated: no pin matches, an app would fail")
    func rotated() async throws {
        let health = try await check(
            try pki.chain(.good), [.init(try pin(.p384), scope: .leaf), .init(try pin(.p521), scope: .leaf)])
        #expect(!health.passes)
        #expect(health.problems == [.pinMismatch(enforced: true)], "\(health.problems)")
        #expect(!health.isHealthy)
    }

    @Test("a host that is down: the check throws the probe's reason")
    func down() async throws {
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let host = try PinnedHost(domain: "localhost", pins: [.init(try pin(.good))], requiresBackupPin: false)
        let endpoint = try Endpoint(host: "127.0.0.1", port: port)
        do throws(PinHealthError) {
            _ = try await checker.check(host, endpoint: endpoint)
            Issue.record("a host that is down was checked")
        } catch {
            guard case .probe = error else {
                Issue.record("expected the probe's failure, got \(error)")
                return
            }
        }
    }
}
