extension ScanRule {
    /// RS-NET-008: a `URLSessionConfiguration.default` carries an `Authorization` header while its `urlCache` is
    /// left on, so authenticated responses are written to the app's cache on disk.
    public static let urlCacheForAuthenticated = ScanRule(
        id: "RS-NET-008", title: "Authenticated responses cached (URL cache left on)",
        severity: .low, masvs: "MASVS-STORAGE-2", cwe: 524,
        practice: "Responses to authenticated requests are not written to a shared cache on disk.",
        fix: "Use `URLSessionConfiguration.ephemeral`, or set `configuration.urlCache = nil` and "
            + "`requestCachePolicy = .reloadIgnoringLocalCacheData` (or answer `willCacheResponse` with nil); "
            + "servers send `Cache-Control: no-store`. With Rampart, HTTPClient caches nothing.")
}
