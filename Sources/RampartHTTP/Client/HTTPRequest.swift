import Foundation
import NIOHTTP1

/// One HTTP request: method, absolute URL, headers and an optional body.
///
/// `Host`, `Content-Length`/`Transfer-Encoding` and `Connection` are set by the client;
/// `Authorization`, `Cookie` and `Proxy-Authorization` are removed when a redirect leaves the
/// request's origin.
///
/// ```swift
/// var request = HTTPRequest(url: URL(string: "https://api.example.com/items")!, method: .POST)
/// request.headers.add(name: "Content-Type", value: "application/json")
/// request.body = .bytes(Array(#"{"name":"lamp"}"#.utf8))
/// ```
public struct HTTPRequest: Sendable {
    public var url: URL
    public var method: HTTPMethod
    public var headers: HTTPHeaders
    public var body: HTTPRequestBody?

    public init(url: URL, method: HTTPMethod = .GET, headers: HTTPHeaders = [:], body: HTTPRequestBody? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}
