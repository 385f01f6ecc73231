import RampartPolicy

/// The imported symbols that break a rule when a binary links them: weak keychain classes,
/// CommonCrypto's MD5 and SHA-1, the C library's predictable generators, `UIWebView`, CryptoSwift's ECB.
///
/// An import says the code uses the API, not how (MD5 may hash a cache key), so the CommonCrypto
/// digests and the generators are reported as low; `arc4random_buf` and `SecRandomCopyBytes` are fine.
///
/// ```swift
/// let findings = MachOImportRules.findings(imports: ["_CC_MD5"], binary: "App.ipa!/Payload/App.app/App", path: "App.ipa")
/// ```
enum MachOImportRules {
    struct Entry {
        var rule: ScanRule
        var severity: FindingSeverity?
        var what: String
    }

    /// Exact symbol names.
    static let symbols: [String: Entry] = [
        "_kSecAttrAccessibleAlways": Entry(
            rule: .weakKeychainAccessibility, severity: nil,
            what: "keychain items readable while the device is locked"),
        "_kSecAttrAccessibleAlwaysThisDeviceOnly": Entry(
            rule: .weakKeychainAccessibility, severity: nil,
            what: "keychain items readable while the device is locked"),
        "_CC_MD5": Entry(rule: .weakPasswordHash, severity: .low, what: "MD5 from CommonCrypto"),
        "_CC_MD5_Init": Entry(rule: .weakPasswordHash, severity: .low, what: "MD5 from CommonCrypto"),
        "_CC_SHA1": Entry(rule: .weakPasswordHash, severity: .low, what: "SHA-1 from CommonCrypto"),
        "_CC_SHA1_Init": Entry(rule: .weakPasswordHash, severity: .low, what: "SHA-1 from CommonCrypto"),
        "_rand": Entry(rule: .insecureRandom, severity: .low, what: "the C library's predictable generator"),
        "_random": Entry(rule: .insecureRandom, severity: .low, what: "the C library's predictable generator"),
        "_srand": Entry(rule: .insecureRandom, severity: .low, what: "seeding the C library's predictable generator"),
        "_srandom": Entry(
            rule: .insecureRandom, severity: .low, what: "seeding the C library's predictable generator"),
        "_drand48": Entry(rule: .insecureRandom, severity: .low, what: "the C library's predictable generator"),
        "_lrand48": Entry(rule: .insecureRandom, severity: .low, what: "the C library's predictable generator"),
        "_mrand48": Entry(rule: .insecureRandom, severity: .low, what: "the C library's predictable generator"),
        "_OBJC_CLASS_$_UIWebView": Entry(rule: .uiWebView, severity: nil, what: "the deprecated UIWebView class"),
    ]

    /// Parts of mangled Swift names: a type imported from a framework.
    static let manglingFragments: [(fragment: String, entry: Entry)] = [
        ("11CryptoSwift3ECBV", Entry(rule: .ecbMode, severity: nil, what: "CryptoSwift's ECB block mode"))
    ]

    /// One finding per rule-breaking import of a binary: `path` is the finding's path (the binary, or
    /// its name inside an archive), `binary` how the message names it.
    static func findings(imports: [String], binary: String, path: String) -> [ScanFinding] {
        var findings: [ScanFinding] = []
        for symbol in imports {
            let entry =
                symbols[symbol]
                ?? manglingFragments.first { symbol.contains($0.fragment) }?.entry
            guard let entry else { continue }
            findings.append(
                ScanFinding(
                    rule: entry.rule, path: path, line: 0, column: 0,
                    message: "\(binary) imports \(symbol) (\(entry.what))", severity: entry.severity))
        }
        return findings
    }
}
