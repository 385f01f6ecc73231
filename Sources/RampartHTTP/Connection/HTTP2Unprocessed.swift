import NIOHTTP1
import RampartPolicy

/// A request an HTTP/2 server did not process: its stream was refused (`REFUSED_STREAM`, safe to
/// retry whatever the method, RFC 9113 §8.7), was above a `GOAWAY`'s last stream, or never
/// opened because the connection drained or closed first. The client retries it on a new
/// connection when ``mayRetry(_:)``; otherwise ``error(method:retried:)`` is what the caller sees.
/// A request whose body was partly read from a source that cannot be read again from its start
/// (a pipe, a FIFO, a device: ``HTTPRequestBody/isReplayable``) is never retried: the retry would
/// send the rest of the body as if it were the whole.
struct HTTP2Unprocessed: Error {
    var endpoint: Endpoint
    var reason: String
    /// `REFUSED_STREAM`: not processed, whatever the method.
    var anyMethod: Bool
    /// The request's body was (partly) read and cannot be read again from its start.
    var bodyNotReplayable = false

    /// Methods RFC 9110 §9.2.2 makes idempotent, whose repetition the server cannot tell from one
    /// request.
    static let idempotent: [HTTPMethod] = [.GET, .HEAD, .PUT, .DELETE, .OPTIONS, .TRACE]

    func mayRetry(_ method: HTTPMethod) -> Bool {
        !bodyNotReplayable && (anyMethod || Self.idempotent.contains(method))
    }

    /// The error for a request that is not retried.
    func error(method: HTTPMethod, retried: Int) -> HTTPClientError {
        var detail = reason
        if bodyNotReplayable {
            detail +=
                "; the request was not retried because its body (a pipe, a FIFO or a device) was partly read "
                + "and cannot be read again from its start"
        } else if !mayRetry(method) {
            detail += "; the \(method.rawValue) request was not retried because \(method.rawValue) is not idempotent"
        } else if retried > 0 {
            detail += "; still not processed after \(retried) retr\(retried == 1 ? "y" : "ies") on a new connection"
        }
        return .http2Failure(endpoint, phase: .requestBody, detail: detail)
    }
}
