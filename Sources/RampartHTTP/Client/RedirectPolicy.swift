import Foundation
import NIOHTTP1
import RampartPolicy

/// What the client does with a redirect, decided from the request and the response head alone:
/// no socket, no policy lookup. The client asks it on every hop.
///
/// - 301, 302, 303, 307 and 308 with a `Location` are followed; without one, the response is
///   the answer. A `Location` that is not a URL is a malformed response.
/// - 303 (and 301/302 after anything but GET or HEAD) becomes a GET without body; 307 and 308
///   repeat the method and the body, which must be one that can be sent again.
/// - An HTTPS → HTTP hop is refused whatever ATS allows.
/// - `Authorization`, `Cookie` and `Proxy-Authorization` are dropped when the hop leaves the origin
///   (scheme, host and port).
///
/// ```swift
/// let policy = RedirectPolicy()
/// if let next = try policy.nextHop(after: request, status: 302, location: "/login") {
///     print(next.url)   // https://api.example.com/login
/// }
/// ```
public struct RedirectPolicy: Sendable {
    /// The statuses that redirect.
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// The headers that carry credentials and never follow a request to another origin.
    public static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    public init() {}

    /// The request for the next hop, or `nil` when the response is not a redirect to follow.
    ///
    /// - Throws: ``HTTPClientError/insecureRedirect(from:to:)`` for HTTPS → HTTP,
    ///   ``HTTPClientError/malformedResponse(_:detail:)`` when `location` is not a URL, and
    ///   ``HTTPClientError/requestBodyFailed(_:)`` when a 307/308 would repeat a body that could be
    ///   read only once.
    public func nextHop(after request: HTTPRequest, status: Int, location: String?) throws(HTTPClientError)
        -> HTTPRequest?
    {
        guard Self.redirectStatuses.contains(status), let location else { return nil }
        guard let next = URL(string: location, relativeTo: request.url)?.absoluteURL else {
            let shown = location.count > 200 ? String(location.prefix(200)) + "…" : location
            let endpoint: Endpoint
            do {
                endpoint = try Endpoint(url: request.url)
            } catch {
                throw .invalidURL(Endpoint.redacting(request.url.absoluteString), reason: error.description)
            }
            throw .malformedResponse(
                endpoint,
                detail: "the \(status) redirect's Location header is not a URL (\(shown.debugDescription))")
        }
        if request.url.scheme?.lowercased() == "https", next.scheme?.lowercased() == "http" {
            throw .insecureRedirect(from: request.url, to: next)
        }
        var hop = request
        hop.url = next
        let keepsMethod = status == 307 || status == 308
        if !keepsMethod && request.method != .GET && request.method != .HEAD {
            hop.method = .GET
            hop.body = nil
            hop.headers.remove(name: "Content-Type")
        }
        if let body = hop.body, !body.isReplayable {
            throw .requestBodyFailed(
                "the \(status) redirect to \(next.absoluteString) asks for the body again, "
                    + "but it came from a pipe or device and was read once; save it to a file and send that")
        }
        if !Self.sameOrigin(request.url, next) {
            for name in Self.credentialHeaders { hop.headers.remove(name: name) }
        }
        return hop
    }

    /// Whether two URLs share scheme, host and port (default ports filled in).
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let first = try? Target(a), let second = try? Target(b) else { return false }
        return first.scheme == second.scheme && first.host == second.host && first.port == second.port
    }
}
