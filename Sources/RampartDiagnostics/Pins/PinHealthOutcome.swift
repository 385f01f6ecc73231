import RampartTrust

/// What checking one pinned domain gave in ``PinHealthCheck/check(_:endpoints:maxTime:maxConnections:at:)``:
/// its health, why it could not be checked, or that the overall deadline passed first.
///
/// ```swift
/// for outcome in await PinHealthCheck().check(hosts, maxTime: .seconds(120)) {
///     if case .timedOut(let pinned, let host, let port) = outcome { print(pinned.domain, host, port) }
/// }
/// ```
public enum PinHealthOutcome: Sendable {
    /// The server was reached and its chain judged.
    case checked(PinHealth)
    /// The server could not be reached, did not complete a TLS handshake, or is no connection
    /// target (`reason` says which).
    case unreachable(PinnedHost, host: String, port: Int, reason: PinHealthError)
    /// The overall deadline passed before the domain's check finished (or started).
    case timedOut(PinnedHost, host: String, port: Int)
}
