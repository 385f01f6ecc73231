extension Endpoint {
    /// An argument that may be `HOST:PORT` (or `[IPv6]:PORT`) or something else, such as a file
    /// name: `nil` when `text` does not end in `:DIGITS` or holds a `/` before that colon
    /// (`chain.pem`, `./a:1` and `C:\certs\leaf.pem` are not endpoints); otherwise the endpoint,
    /// or why it cannot be one. Commands that take a certificate file or a server use it, so that
    /// `127.0.0.1:99999` is refused rather than read as a missing file.
    ///
    /// ```swift
    /// try Endpoint(ifHostPort: "leaf.pem")           // nil
    /// try Endpoint(ifHostPort: "[::1]:8443")         // [::1]:8443
    /// try Endpoint(ifHostPort: "127.0.0.1:99999")    // throws EndpointError.portOutOfRange("99999")
    /// ```
    ///
    /// - Throws: as ``init(parsing:)``, for text shaped as `HOST:PORT`.
    public init?(ifHostPort text: String) throws(EndpointError) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let port = text[text.index(after: colon)...]
        guard !port.isEmpty, port.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            !text[..<colon].contains("/")
        else { return nil }
        try self.init(parsing: text)
    }
}
