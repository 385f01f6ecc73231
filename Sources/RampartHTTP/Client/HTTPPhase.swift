/// A phase of an HTTP exchange, each with its own timeout in ``HTTPTimeouts``.
///
/// ```swift
/// if case .timeout(let phase, _, _) = error, phase == .firstByte { print("the server never answered") }
/// ```
public enum HTTPPhase: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Opening the TCP connection (to the server, or to the proxy).
    case connect
    /// The proxy's answer to `CONNECT`.
    case proxyTunnel = "proxy tunnel"
    /// The TLS handshake, trust decision included.
    case tlsHandshake = "TLS handshake"
    /// Sending the request head and body.
    case requestBody = "request upload"
    /// From the end of the request to the response's status line and headers.
    case firstByte = "first byte"
    /// Silence between two reads of the response body.
    case idle = "idle read"
    /// The whole exchange, redirects included.
    case total

    public var description: String { rawValue }
}

extension HTTPPhase {
    /// What a request is doing in this phase, in HTTP/2's terms (its errors name both).
    var http2Step: String {
        switch self {
        case .connect, .proxyTunnel, .tlsHandshake: return "opening the connection"
        case .requestBody: return "sending the request headers and body"
        case .firstByte: return "waiting for the response headers"
        case .idle: return "reading the response body"
        case .total: return "the exchange"
        }
    }
}
