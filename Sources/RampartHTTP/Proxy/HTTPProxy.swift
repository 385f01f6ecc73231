import Foundation
import RampartPolicy

/// A forward proxy reached over cleartext HTTP: HTTPS requests go through a `CONNECT` tunnel
/// (TLS, trust and pins stay end to end), cleartext ones are sent to it in absolute form.
///
/// ```swift
/// let proxy = try HTTPProxy(url: "http://user:secret@proxy.corp:3128")
/// let local = HTTPProxy(try Endpoint(parsing: "127.0.0.1:3128"))
/// ```
public struct HTTPProxy: Sendable, Hashable, CustomStringConvertible {
    /// Where the proxy listens: a host and a port in 1…65535.
    public var endpoint: Endpoint
    /// `Basic` credentials sent as `Proxy-Authorization`, from the proxy URL's user info.
    public var username: String?
    public var password: String?

    /// The proxy's host, normalised by `ATSHost`.
    public var host: String { endpoint.host.name }
    public var port: Int { endpoint.port }

    public init(_ endpoint: Endpoint, username: String? = nil, password: String? = nil) {
        self.endpoint = endpoint
        self.username = username
        self.password = password
    }

    /// The proxy at `host` and `port`.
    ///
    /// - Throws: ``HTTPClientError/invalidProxyConfiguration(_:)`` for a port outside 1…65535 or
    ///   an unusable host, so that no request dials it.
    public init(host: String, port: Int, username: String? = nil, password: String? = nil) throws(HTTPClientError) {
        do {
            self.init(try Endpoint(host: host, port: port), username: username, password: password)
        } catch {
            throw .invalidProxyConfiguration("the proxy \(host) port \(port): \(error)")
        }
    }

    /// Parses a proxy setting as curl reads it: `http://[user:password@]host[:port]`, or a bare
    /// `host[:port]`; the port defaults to 1080 as in curl.
    public init(url text: String) throws(HTTPClientError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            throw .invalidProxyConfiguration("\(Self.redacted(text)) is not a proxy URL (expected http://host:port)")
        }
        guard components.scheme?.lowercased() == "http" else {
            throw .invalidProxyConfiguration(
                "\(Self.redacted(text)): only http:// proxies are supported (TLS to the server is still end to end)")
        }
        // The port is read from the text by `Endpoint` (`URLComponents.port` drops 2^64 + 1 and
        // wraps nothing it cannot hold); outside 1…65535 it is refused, never dialled elsewhere.
        // `rangeOfPort` indexes `components.string` (percent-encoded), not the text given: a
        // non-ASCII user name shifts every index (found by fuzzing).
        let portText = components.rangeOfPort.flatMap { range in components.string.map { String($0[range]) } } ?? ""
        let endpoint: Endpoint
        do {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            endpoint =
                portText.isEmpty
                ? try Endpoint(host: host, port: 1080) : try Endpoint(parsing: "\(bracketed):\(portText)")
        } catch {
            throw .invalidProxyConfiguration("\(Self.redacted(text)): \(error)")
        }
        self.endpoint = endpoint
        self.username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
    }

    /// The `Proxy-Authorization` header value, when credentials are set.
    var authorization: String? {
        guard let username else { return nil }
        return "Basic " + Data("\(username):\(password ?? "")".utf8).base64EncodedString()
    }

    /// `host:port`, never the credentials.
    public var description: String { endpoint.description }

    /// A proxy setting with any password removed, for messages.
    static func redacted(_ text: String) -> String { Endpoint.redacting(text) }
}
