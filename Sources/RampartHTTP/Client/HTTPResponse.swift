import Foundation
import NIOHTTP1
import RampartPolicy

/// A response: status, headers, the connection it came over, the hops that led to it, and its
/// body as a stream. Read the body (or call ``HTTPResponseBody/discard()``) so the connection can
/// be kept alive; a body dropped unread closes it.
///
/// ```swift
/// let response = try await client.execute(HTTPRequest(url: url))
/// print(response.status, response.connection.tlsVersion ?? "cleartext")
/// for try await slice in response.body { consume(slice) }
/// ```
public struct HTTPResponse: Sendable {
    public var status: Int
    public var reason: String
    public var headers: HTTPHeaders
    /// The URL that answered (the last hop of any redirects).
    public var url: URL
    /// Every URL followed, the request's first; the last is ``url``.
    public var hops: [URL]
    /// The ATS decision made for each hop, in order.
    public var decisions: [ATSDecision]
    /// How the final hop was carried.
    public var connection: HTTPConnectionInfo
    public var body: HTTPResponseBody
}
