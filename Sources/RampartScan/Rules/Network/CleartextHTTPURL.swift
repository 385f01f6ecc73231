extension ScanRule {
    /// RS-NET-001: a cleartext `http://` URL used for a request (not an XML namespace, a comment or a
    /// documentation string).
    public static let cleartextHTTPURL = ScanRule(
        id: "RS-NET-001", title: "Cleartext HTTP URL used for a request", severity: .high, masvs: "MASVS-NETWORK-1",
        cwe: 319,
        practice: "Every request goes over HTTPS, so nobody on the path can read or change it.",
        fix: "Use an https:// URL. On iOS, App Transport Security then refuses cleartext by default; keep "
            + "NSAllowsArbitraryLoads off. With Rampart, HTTPClient refuses http:// before any connection, and "
            + "SafeURLBuilder builds URLs from components.")
}
