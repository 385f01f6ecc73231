extension ProxySettings {
    /// Whether any proxy is set (HTTPS or HTTP).
    public var hasProxy: Bool { https != nil || http != nil }

    /// These settings with `credentials` on every proxy set (replacing any from the proxy URL).
    ///
    /// ```swift
    /// let settings = ProxySettings(https: try HTTPProxy(url: "http://proxy.corp:3128"))
    ///     .applying(ProxyCredentials(username: "alice", password: secret))
    /// ```
    public func applying(_ credentials: ProxyCredentials) -> ProxySettings {
        var updated = self
        for keyPath in [\ProxySettings.https, \ProxySettings.http] where updated[keyPath: keyPath] != nil {
            updated[keyPath: keyPath]?.username = credentials.username
            updated[keyPath: keyPath]?.password = credentials.password
        }
        return updated
    }
}
