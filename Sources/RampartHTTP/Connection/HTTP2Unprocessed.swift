import NIOHTTP1
import RampartPolicy

/// A request an HTTP/2 server did not process: its stream was refused (`REFUSED_STREAM`, safe to
/// retry whatever the method, RFC 9113 §8.7), was above a `GOAWAY`'s last stream, or never
/// opened because the connection drained or closed first. The client retries it on a new
/// connection when ``mayRetry(_:)``; otherwise ``error(method:)`` is what the caller sees.
struct HTTP2Unprocessed: Error {
    var endpoint: Endpoint
    var reason: String
    /// `REFUSED_STREAM`: not processed, whatever the method.
    var anyMethod: Bool

    /// Methods RFC 9110 §9.2.2 makes idempotent, whose repetition the server cannot tell from one
    /// request.
    static let idempotent: [HTTPMethod] = [.GET, .HEAD, .PUT, .DELETE, .OPTIONS, .TRACE]

    func mayRetry(_ method: HTTPMethod) -> Bool {
        anyMethod || Self.idempotent.contains(method)
    }

    /// The error for a request that is not retried.
    func error(method: HTTPMethod, retried: Int) -> HTTPClientError {
        var detail = reason
        if !mayRetry(method) {
            detail += "; the \(method.rawValue) request was not retried because \(method.rawValue) is not idempotent"
        } else if retried > 0 {
            detail += "; still not processed after \(retried) retr\(retried == 1 ? "y" : "ies") on a new connection"
        }
        return .http2Failure(endpoint, phase: .requestBody, detail: detail)
    }
}
