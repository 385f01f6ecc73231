import RampartPolicy

/// Why ``PinHealthCheck`` could not judge a pinned domain: no connection target, no chain from the
/// server, or the check was cancelled. A typed error a program can `switch` on; ``description`` is
/// derived from the case.
///
/// ```swift
/// do throws(PinHealthError) {
///     let health = try await PinHealthCheck().check(pinned)
/// } catch .probe(let failure) {
///     print("unreachable:", failure)
/// } catch {
///     print(error)
/// }
/// ```
public enum PinHealthError: Error, Sendable, CustomStringConvertible {
    /// The pinned domain or the given address is no connection target (a port outside 1…65535, an
    /// unusable host). Found before any connection.
    case endpoint(EndpointError)
    /// The server could not be reached or did not complete a handshake.
    case probe(ServedChainProbe.Failure)
    /// The task was cancelled before the check finished.
    case cancelled

    public var description: String {
        switch self {
        case .endpoint(let error): error.description
        case .probe(let failure): failure.description
        case .cancelled: "the check was cancelled before it finished"
        }
    }
}
