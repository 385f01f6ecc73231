import Foundation
import NIOCore
import RampartPolicy
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
///     print(health.domain, health.isHealthy, health.daysToExpiry ?? -1, health.problems)
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

    /// Checks every domain of `hosts`, at most `maxConnections` at a time, each at its entry in
    /// `endpoints` (keyed by `PinnedHost/domain`; default: the domain, port 443). Domains not
    /// finished when `maxTime` has passed are ``PinHealthOutcome/timedOut(_:_:)``: a
    /// server that accepts and never answers cannot hold the whole check.
    ///
    /// ```swift
    /// let outcomes = await PinHealthCheck().check(hosts, endpoints: ["api.example.com": staging],
    ///                                             maxTime: .seconds(120))
    /// ```
    ///
    /// - Returns: one outcome per host, in the order of `hosts`.
    public func check(
        _ hosts: [PinnedHost], endpoints: [String: Endpoint] = [:], maxTime: Duration = .seconds(120),
        maxConnections: Int = ATSDiagnostics.defaultMaxConnections, at time: Date = Date()
    ) async -> [PinHealthOutcome] {
        let targets = hosts.map { pinned -> Result<Endpoint, EndpointError> in
            if let endpoint = endpoints[pinned.domain] { return .success(endpoint) }
            return Result { () throws(EndpointError) in try Endpoint(host: pinned.domain, port: 443) }
        }
        let results = await BoundedConcurrency.map(count: hosts.count, limit: maxConnections, deadline: maxTime) {
            index -> PinHealthOutcome in
            let pinned = hosts[index]
            switch targets[index] {
            case .failure(let error):
                return .unreachable(pinned, nil, reason: .endpoint(error))
            case .success(let endpoint):
                do throws(PinHealthError) {
                    return .checked(try await check(pinned, endpoint: endpoint, at: time))
                } catch {
                    return .unreachable(pinned, endpoint, reason: error)
                }
            }
        }
        return zip(hosts, targets).enumerated().map { index, pair in
            if let outcome = results[index] { return outcome }
            return .timedOut(pair.0, try? pair.1.get())
        }
    }

    /// Checks `pinned` on the server at `endpoint` (default: the pinned domain, port 443).
    ///
    /// - Throws: ``PinHealthError/probe(_:)`` when the server cannot be reached or does not
    ///   complete a handshake; ``PinHealthError/endpoint(_:)`` when the domain is no connection
    ///   target; ``PinHealthError/cancelled`` when the task was cancelled.
    public func check(_ pinned: PinnedHost, endpoint: Endpoint? = nil, at time: Date = Date())
        async throws(PinHealthError) -> PinHealth
    {
        let target: Endpoint
        if let endpoint {
            target = endpoint
        } else {
            do throws(EndpointError) {
                target = try Endpoint(host: pinned.domain, port: 443)
            } catch {
                throw .endpoint(error)
            }
        }
        let host = target.host.name
        let port = target.port
        let served: [[UInt8]]
        do {
            served = try await ServedChainProbe.fetchDER(
                target, serverName: pinned.domain, timeout: TimeAmount(timeout))
        } catch let failure as ServedChainProbe.Failure {
            throw .probe(failure)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            // A TLS context that cannot be made, a certificate NIOSSL cannot export: no chain to judge.
            throw .probe(.handshake(target, reason: String(describing: error)))
        }
        let evaluator = TrustEvaluator(anchors: anchors, pinning: [pinned])
        let decision = await evaluator.evaluate(derChain: served, host: pinned.domain, at: time)
        var problems: [PinHealthProblem] = []
        var uses: [PinHealth.PinUse] = []
        var daysToExpiry: Int?
        let chain = decision.validatedChain
        if let fingerprints = try? ChainFingerprints(chain) {
            for pin in pinned.pins {
                let positions = pin.matchingPositions(in: fingerprints)
                let days = positions.map { CertificateSummary.daysToExpiry(chain[$0].notValidAfter, at: time) }.min()
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
        // Trusted with warnings (an expired pin set, which apps ignore) is still trusted.
        let trusted = decision.verdict != .rejected
        let passes = trusted && decision.pinMismatch == nil
        if decision.pinMismatch != nil {
            problems.append(.pinMismatch(enforced: pinned.enforced))
        } else if !trusted {
            problems.append(.untrusted(decision.failures))
        } else {
            if uses.allSatisfy({ !$0.positions.isEmpty }) { problems.append(.noBackupPin) }
            if let daysToExpiry, daysToExpiry < warningDays {
                problems.append(.expiringSoon(days: daysToExpiry, warningDays: warningDays))
            }
        }
        if let expiration = pinned.expiration, expiration <= time { problems.append(.pinSetExpired(expiration)) }
        return PinHealth(
            domain: pinned.domain, host: host, port: port, passes: passes, decision: decision,
            pins: uses, daysToExpiry: daysToExpiry, problems: problems)
    }
}
