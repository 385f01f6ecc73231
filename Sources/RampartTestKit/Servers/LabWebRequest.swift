/// One request a ``LabWebServer`` received in full, for assertions.
///
/// ```swift
/// let request = try #require(server.requests.last)
/// #expect(request.method == "POST" && request.path == "/echo?x=1")
/// #expect(request.header("authorization") == "Bearer secret")
/// ```
public struct LabWebRequest: Sendable {
    /// The method, as sent (`GET`, `POST`…).
    public var method: String
    /// The request target: the path with its query, as sent.
    public var path: String
    /// The headers in the order they came, names as sent.
    public var headers: [(String, String)]
    /// The body, with any chunked framing removed.
    public var body: [UInt8]

    public init(method: String, path: String, headers: [(String, String)], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (compared case-insensitively), or `nil`.
    ///
    /// ```swift
    /// request.header("Host")     // "127.0.0.1:52311"
    /// ```
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
