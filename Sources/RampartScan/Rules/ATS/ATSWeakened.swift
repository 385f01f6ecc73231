extension ScanRule {
    /// RS-ATS-001: a property list's App Transport Security settings turn ATS off or lower it (the finding's
    /// message names the ATS audit rule, for example ATS001 arbitrary-loads); the finding carries that rule's
    /// severity.
    public static let atsWeakened = ScanRule(
        id: "RS-ATS-001", title: "ATS disabled or lowered", severity: .high, masvs: "MASVS-NETWORK-1", cwe: 319,
        practice: "App Transport Security stays on, and every exception is as narrow as one domain and one setting.",
        fix: "Remove NSAllowsArbitraryLoads and the per-domain NSExceptionAllowsInsecureHTTPLoads / "
            + "NSExceptionMinimumTLSVersion exceptions from Info.plist; fix the server instead (`rampart ats "
            + "diagnose HOST` says what it lacks). With Rampart, ATSPolicy reads the plist as ATS does and "
            + "ATSAuditor explains each finding; HTTPClient enforces the same rules off Apple platforms.")
}
