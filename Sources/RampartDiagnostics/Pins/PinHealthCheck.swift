import Foundation
import NIOCore
import RampartTrust

/// Checks pinned domains against the servers that serve them, before a release: connect, validate,
/// match the pins, and flag what would brick an app — a mismatch, no backup pin, or matched
/// certificates expiring within `warningDays`.
///
/// ```swift
/// let hosts = try PinnedHost.pins(of: document.configuration)
/// let check = PinHealthCheck(anchors: .system, warningDays: 30)
/// for host in hosts {
///     let health = try await check.check(host)
///     print(health.domain, health.passes, health.daysToExpiry ?? -1, health.problems)
/// }
/// ```
public struct PinHealthCheck: Sendable {
    public var anchors: TrustAnchors
    /// Matched certificates expiring within this many days are a problem.
    public var warningDays: Int
    /// For the connection, and again for the handshake.
    public var timeout: Duration

    public init(anchors: TrustAnchors = .system, warningDays: Int = 30, timeout: Duration = .seconds(10)) {
        self.anchors = anchors
        self.warningDays = warningDays
        self.timeout = timeout
    }

    /// Checks `pinned` on the server at `address` (default: the pinned domain, port 443).
    ///
    /// - Throws: ``ServedChainProbe/Failure`` when the server cannot be reached or does not
    ///   complete a handshake.
    public func check(_ pinned: PinnedHost, address: (host: String, port: Int)? = nil, at time: Date = Date())
        async throws -> PinHealth
    {
        let host = address?.host ?? pinned.domain
        let port = address?.port ?? 443
        let served = try await ServedChainProbe.fetchDER(
            host: host, port: port, serverName: pinned.domain, timeout: TimeAmount(timeout))
        let evaluator = TrustEvaluator(anchors: anchors, pinning: [pinned])
        let decision = await evaluator.evaluate(derChain: served, host: pinned.domain, at: time)
        var problems: [String] = []
        var uses: [PinHealth.PinUse] = []
        var daysToExpiry: Int?
        let chain = decision.validatedChain
        if let fingerprints = try? ChainFingerprints(chain) {
            for pin in pinned.pins {
                let positions = pin.matchingPositions(in: fingerprints)
                let days = positions.map { Self.days(from: time, to: chain[$0].notValidAfter) }.min()
                uses.append(
                    PinHealth.PinUse(
                        pin: pin.displayName, positions: positions,
                        subjects: positions.map { String(describing: chain[$0].subject) }, daysToExpiry: days))
            }
            daysToExpiry = uses.compactMap(\.daysToExpiry).max()
        } else {
            uses = pinned.pins.map {
                PinHealth.PinUse(pin: $0.displayName, positions: [], subjects: [], daysToExpiry: nil)
            }
        }
        let passes = decision.verdict == .trusted && decision.pinMismatch == nil
        if decision.pinMismatch != nil {
            problems.append(
                pinned.enforced
                    ? "the served chain matches none of the pins: an app with this configuration cannot connect"
                    : "the served chain matches none of the pins (report-only: apps connect and report it)")
        } else if decision.verdict != .trusted {
            let reasons = decision.failures.map(\.description).joined(separator: "; ")
            problems.append("the chain is not trusted: \(reasons)")
        } else {
            if uses.allSatisfy({ !$0.positions.isEmpty }) {
                problems.append(
                    "no backup pin: every pin matches a key the server uses now; add the pin of a key kept "
                        + "in reserve (or of another CA) before the next renewal")
            }
            if let daysToExpiry, daysToExpiry < warningDays {
                problems.append(
                    "the certificates the pins match expire in \(daysToExpiry) days (under \(warningDays)): "
                        + "make sure the renewed certificate uses a pinned key, and ship the next pins now")
            }
        }
        if let expiration = pinned.expiration, expiration <= time {
            problems.append("the pin set expired on \(expiration): apps ignore it")
        }
        return PinHealth(
            domain: pinned.domain, host: host, port: port, passes: passes, decision: decision,
            pins: uses, daysToExpiry: daysToExpiry, problems: problems)
    }

    private static func days(from time: Date, to end: Date) -> Int {
        Int((end.timeIntervalSince(time) / 86_400).rounded(.down))
    }
}
