import RampartPolicy
import RampartTrust

/// What checking one pinned domain gave in ``PinHealthCheck/check(_:endpoints:maxTime:maxConnections:at:)``:
/// its health, why it could not be checked, or that the overall deadline passed first.
///
/// ```swift
/// for outcome in await PinHealthCheck().check(hosts, maxTime: .seconds(120)) {
///     if case .timedOut(let pinned, let endpoint) = outcome { print(pinned.domain, endpoint?.description ?? "-") }
/// }
/// ```
public enum PinHealthOutcome: Sendable {
    /// The server was reached and its chain judged.
    case checked(PinHealth)
    /// The server at `endpoint` could not be reached or did not complete a TLS handshake, or the
    /// domain is no connection target (`endpoint` is then `nil`; `reason` says which).
    case unreachable(PinnedHost, Endpoint?, reason: PinHealthError)
    /// The overall deadline passed before the domain's check at `endpoint` finished (or started).
    case timedOut(PinnedHost, Endpoint?)
}
