/// Objective-C selectors in a binary's method names that turn certificate validation off: the private
/// `NSURLRequest` methods `setAllowsAnyHTTPSCertificate:forHost:` and `allowsAnyHTTPSCertificateForHost:`.
///
/// ```swift
/// let findings = MachOPrivateSelectors.findings(strings: slice.strings, binary: "App", path: "App")
/// ```
enum MachOPrivateSelectors {
    static let selectors: Set<String> = ["setAllowsAnyHTTPSCertificate:forHost:", "allowsAnyHTTPSCertificateForHost:"]

    static func findings(strings: [MachOSlice.CString], binary: String, path: String) -> [ScanFinding] {
        strings.filter { $0.section == "__TEXT,__objc_methname" && selectors.contains($0.value) }.map {
            ScanFinding(
                rule: .allowsAnyHTTPSCertificate, path: path, line: 0, column: 0,
                message: "\(binary) calls the private selector \($0.value), which accepts any certificate for a host")
        }
    }
}
