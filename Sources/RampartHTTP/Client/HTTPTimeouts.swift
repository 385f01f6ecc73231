/// One timeout per phase of an exchange; a phase that overruns fails the request with
/// ``HTTPClientError/timeout(_:after:_:)`` naming it.
///
/// ```swift
/// var timeouts = HTTPTimeouts()
/// timeouts.firstByte = .seconds(5)
/// timeouts.total = .seconds(30)
/// ```
public struct HTTPTimeouts: Sendable, Hashable {
    /// Opening a TCP connection.
    public var connect: Duration = .seconds(10)
    /// A proxy's answer to `CONNECT`.
    public var proxyTunnel: Duration = .seconds(10)
    /// The TLS handshake, including the trust decision.
    public var tlsHandshake: Duration = .seconds(10)
    /// From the request's end to the response head.
    public var firstByte: Duration = .seconds(30)
    /// Silence while reading the response body (or writing the request body).
    public var idle: Duration = .seconds(30)
    /// The whole exchange, every redirect hop included.
    public var total: Duration = .seconds(300)

    public init() {}

    /// Every phase bounded by the same `limit` (the total included).
    public init(all limit: Duration) {
        connect = limit
        proxyTunnel = limit
        tlsHandshake = limit
        firstByte = limit
        idle = limit
        total = limit
    }
}
