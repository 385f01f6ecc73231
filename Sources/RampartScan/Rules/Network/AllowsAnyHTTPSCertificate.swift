extension ScanRule {
    /// RS-NET-004: the private `NSURLRequest` API `allowsAnyHTTPSCertificate(forHost:)` /
    /// `setAllowsAnyHTTPSCertificate:forHost:` is used to turn certificate validation off.
    public static let allowsAnyHTTPSCertificate = ScanRule(
        id: "RS-NET-004", title: "allowsAnyHTTPSCertificate / setAllowsAnyHTTPSCertificate",
        severity: .high, masvs: "MASVS-NETWORK-1", cwe: 295,
        practice: "Certificate validation is never turned off, not even for a debug build.",
        fix: "Remove the private API; for a development server, install its CA on the device or simulator, or use a "
            + "real certificate. With Rampart, HTTPClient validates every handshake, and RampartTestKit's LabPKI "
            + "gives tests a local CA instead of switching validation off.")
}
