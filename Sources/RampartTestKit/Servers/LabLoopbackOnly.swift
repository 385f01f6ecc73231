/// Refusal to listen beyond loopback: every lab server, proxy and peer listens on `127.0.0.1` or
/// `::1` only, so no test ever opens a port to the network.
///
/// ```swift
/// try LabLoopbackOnly.check(configuration.host, listener: "the lab web server")
/// ```
public struct LabLoopbackOnly: Error, Sendable, CustomStringConvertible {
    /// The host that was asked for.
    public let host: String
    /// What was to listen there.
    public let listener: String

    public var description: String { "\(listener) may only listen on 127.0.0.1 or ::1, not \(host)" }

    /// Throws unless `host` is `127.0.0.1` or `::1`.
    package static func check(_ host: String, listener: String) throws(LabLoopbackOnly) {
        guard host == "127.0.0.1" || host == "::1" else { throw LabLoopbackOnly(host: host, listener: listener) }
    }
}
