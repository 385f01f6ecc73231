/// A proxy's `Basic` user and password, read from a `user:password` line (a credentials file's
/// first line, kept off the command line), split at the first colon so that a password may hold
/// colons. Its description never shows the password.
///
/// ```swift
/// let credentials = try ProxyCredentials(line: try PassphraseFile.read(path: "proxy-credentials"))
/// let settings = try ProxySettings.fromEnvironment().applying(credentials)
/// ```
public struct ProxyCredentials: Sendable, Hashable, CustomStringConvertible {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// Parses `user:password`: the user is what comes before the first colon and must not be
    /// empty; the password is everything after it (it may be empty).
    ///
    /// - Throws: ``HTTPClientError/invalidProxyConfiguration(_:)`` when the line has no colon or
    ///   no user; the message never quotes the line.
    public init(line: String) throws(HTTPClientError) {
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            throw .invalidProxyConfiguration("the first line must be 'user:password'")
        }
        username = String(line[..<colon])
        password = String(line[line.index(after: colon)...])
    }

    /// `user:***`.
    public var description: String { "\(username):***" }
}
