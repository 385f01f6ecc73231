import Foundation

/// Audits an ATS configuration: every weakening, every mistake ATS would silently ignore, and
/// every key that does not do what it looks like it does.
///
/// ```swift
/// let document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// let report = ATSAuditor().audit(document)
/// print(report.renderText())
/// if report.fails(at: .high) { exit(1) }
/// ```
public struct ATSAuditor: Sendable {
    /// The OS generations the app supports; rules that differ between them say so.
    public var os: ATSOSGeneration

    public init(os: ATSOSGeneration = .newest) {
        self.os = os
    }

    public func audit(_ document: ATSDocument) -> ATSAuditReport {
        var findings = FindingList(source: document.source)
        let root = document.rootKeyPath
        func path(_ parts: String...) -> String { ([root] + parts).filter { !$0.isEmpty }.joined(separator: ".") }
        let configuration = document.configuration
        if !document.hasATSDictionary {
            findings.add(.noATSDictionary, path(), "no NSAppTransportSecurity dictionary: ATS defaults apply")
        }
        for diagnostic in document.diagnostics { findings.add(diagnostic) }

        if configuration.allowsArbitraryLoads == true {
            if configuration.hasIOS10Keys {
                findings.add(
                    .arbitraryLoadsIgnored, path(ATSKey.allowsArbitraryLoads),
                    "NSAllowsArbitraryLoads is YES but iOS 10+ ignore it here, because an iOS 10 key is present")
            } else {
                findings.add(
                    .arbitraryLoads, path(ATSKey.allowsArbitraryLoads),
                    "NSAllowsArbitraryLoads is YES: ATS is off for every host without an exception")
            }
        }
        if configuration.allowsArbitraryLoadsForMedia == true {
            findings.add(.arbitraryLoadsForMedia, path(ATSKey.forMedia), "media loads may use cleartext from any host")
        }
        if configuration.allowsArbitraryLoadsInWebContent == true {
            findings.add(
                .arbitraryLoadsInWebContent, path(ATSKey.inWebContent), "web views may load any page over cleartext")
        }
        if configuration.allowsLocalNetworking == true {
            findings.add(.localNetworking, path(ATSKey.localNetworking), "local hosts are exempt from ATS")
        }

        for key in configuration.exceptionDomains.keys.sorted() {
            guard let written = configuration.exceptionDomains[key] else { continue }
            let entry = os.readsLegacyExceptionKeys ? written.readingLegacyValues : written
            let keyPath = path(ATSKey.exceptionDomains, key)
            checkDomainKey(key, keyPath: keyPath, allowIP: true, into: &findings)
            for legacy in entry.legacyKeys {
                findings.add(
                    .legacyKey, keyPath + "." + legacy, legacyMessage(legacy, in: entry),
                    severity: os.readsLegacyExceptionKeys ? .low : nil)
            }
            if entry.allowsInsecureHTTPLoads {
                findings.add(
                    .insecureHTTPException, keyPath,
                    "cleartext HTTP allowed for \(key)\(entry.includesSubdomains ? " and all its subdomains" : "")",
                    severity: entry.includesSubdomains ? .high : .medium)
            }
            if let version = entry.minimumTLSVersion, version < .v1_2 {
                findings.add(
                    .weakTLSVersion, keyPath + "." + ATSKey.minimumTLSVersion, "\(key) accepts \(version.rawValue)")
            }
            if !entry.requiresForwardSecrecy {
                findings.add(
                    .forwardSecrecyOff, keyPath + "." + ATSKey.requiresForwardSecrecy,
                    "\(key) accepts TLS 1.2 suites without forward secrecy")
            }
            if entry.allowsInsecureHTTPLoads {
                for pinned in pinnedHosts(coveredBy: key, entry: entry, in: configuration) {
                    findings.add(
                        .exceptionShadowsPins, keyPath,
                        "\(key) allows cleartext for the pinned domain \(pinned): http:// requests skip its pins")
                }
            }
            if CIDRRange(key) != nil {
                findings.add(
                    .ipExceptionBeforeIOS17, keyPath,
                    "\(key) is an IP exception key: iOS 17+ read it, older systems ignore it",
                    severity: os.allowsIPExceptions ? .info : .medium)
            }
            if isRedundant(entry, key: key, configuration: configuration) {
                findings.add(
                    .redundantException, keyPath,
                    "\(key) grants nothing beyond what NSAllowsArbitraryLoads already gives (ATS off everywhere else)")
            }
        }

        for key in configuration.pinnedDomains.keys.sorted() {
            guard let entry = configuration.pinnedDomains[key] else { continue }
            let keyPath = path(ATSKey.pinnedDomains, key)
            checkDomainKey(key, keyPath: keyPath, allowIP: false, into: &findings)
            let total = entry.caIdentities.count + entry.leafIdentities.count
            if total == 0 {
                findings.add(.emptyPinnedDomain, keyPath, "\(key) has no valid pins")
                continue
            }
            let distinctLeaf = Set(entry.leafIdentities).count
            let distinctCA = Set(entry.caIdentities).count
            if (distinctLeaf == 1) || (distinctCA == 1) {
                let which = distinctLeaf == 1 ? "leaf" : "CA"
                findings.add(.noBackupPin, keyPath, "\(key) has a single \(which) pin and no backup")
            }
            if entry.leafIdentities.isEmpty {
                findings.add(.caOnlyPins, keyPath, "\(key) pins only CA keys")
            }
            if entry.includesSubdomains {
                let deeper = configuration.exceptionDomains.keys.filter {
                    $0.hasSuffix("." + key) && $0.dropLast(key.count + 1).contains(".")
                }
                let message =
                    deeper.isEmpty
                    ? "\(key) pins only names one label below it (a.\(key)), never deeper ones (b.a.\(key))"
                    : "\(key) pins only one label below it; \(deeper.sorted().joined(separator: ", ")) (named in NSExceptionDomains) are not pinned"
                findings.add(.shallowSubdomainPins, keyPath, message, severity: deeper.isEmpty ? .info : .medium)
            }
        }
        return ATSAuditReport(source: document.source, os: os, findings: findings.items)
    }

    private func checkDomainKey(_ key: String, keyPath: String, allowIP: Bool, into findings: inout FindingList) {
        var problems: [String] = []
        if key.contains("*") { problems.append("a wildcard") }
        if key.contains("://") { problems.append("a scheme") }
        if key.contains("/") && !(allowIP && CIDRRange(key) != nil) && !key.contains("://") {
            problems.append("a path")
        }
        if key != key.lowercased() { problems.append("uppercase letters") }
        if ATSHost(key).kind == .dnsName, let colon = key.lastIndex(of: ":"),
            Int(key[key.index(after: colon)...]) != nil
        {
            problems.append("a port")
        }
        if key.hasSuffix(".") { problems.append("a trailing dot") }
        if !problems.isEmpty {
            findings.add(
                .domainKeyNeverMatches, keyPath,
                "the key '\(key)' contains \(problems.joined(separator: ", ")), so it never matches a host")
        }
        if key.unicodeScalars.contains(where: { !$0.isASCII }) {
            // ATSHost converts U-labels as URL does (UTS #46); a name it cannot convert stays non-ASCII.
            let aLabels = ATSHost(key).name
            let message =
                aLabels.unicodeScalars.allSatisfy(\.isASCII)
                ? "the key '\(key)' is written in Unicode; a connection names the host in ASCII, so it never "
                    + "matches: write '\(aLabels)'"
                : "the key '\(key)' is written in Unicode and is no valid internationalized domain name, so it "
                    + "never matches a host: write the domain's A-labels (xn--…)"
            findings.add(.unicodeDomainKey, keyPath, message)
        }
    }

    /// What the system does with a legacy key, and the key to use instead.
    private func legacyMessage(_ legacy: String, in entry: ATSExceptionDomain) -> String {
        let modern = ATSKey.legacyExceptionKeys[legacy] ?? "the NSException… key"
        let ignored =
            "the system ignores \(legacy): Apple's ATS code reads only the NSException… keys (iOS 9 read the legacy forms); use \(modern) instead"
        guard os.readsLegacyExceptionKeys else { return ignored }
        let read: Bool
        switch modern {
        case ATSKey.allowsInsecureHTTPLoads: read = entry.legacyValues?.allowsInsecureHTTPLoads != nil
        case ATSKey.requiresForwardSecrecy: read = entry.legacyValues?.requiresForwardSecrecy != nil
        default: read = entry.legacyValues?.minimumTLSVersion != nil
        }
        return read
            ? "\(legacy) is read by iOS 9 only; iOS 10 and later ignore it: use \(modern) instead"
            : "\(legacy) is ignored even by iOS 9, because \(modern) is also set; remove it"
    }

    /// Pinned domains whose hosts the exception `key` covers.
    private func pinnedHosts(coveredBy key: String, entry: ATSExceptionDomain, in configuration: ATSConfiguration)
        -> [String]
    {
        configuration.pinnedDomains.keys.sorted().filter { pinned in
            pinned == key || (entry.includesSubdomains && pinned.hasSuffix("." + key))
        }
    }

    /// Under effective `NSAllowsArbitraryLoads`, an entry that allows cleartext with relaxed TLS
    /// adds nothing (an entry that keeps ATS on for a host is meaningful and not flagged).
    private func isRedundant(_ entry: ATSExceptionDomain, key: String, configuration: ATSConfiguration) -> Bool {
        let arbitraryEffective = configuration.allowsArbitraryLoads == true && !configuration.hasIOS10Keys
        return arbitraryEffective && entry.allowsInsecureHTTPLoads && !entry.requiresForwardSecrecy
            && (entry.minimumTLSVersion ?? .v1_2) == .v1_0 && !entry.requiresCertificateTransparency
    }
}

/// Collects findings in order.
struct FindingList {
    let source: String
    private(set) var items: [ATSFinding] = []

    init(source: String) { self.source = source }

    mutating func add(_ rule: ATSAuditRule, _ keyPath: String, _ message: String, severity: FindingSeverity? = nil) {
        items.append(ATSFinding(rule, source: source, keyPath: keyPath, message: message, severity: severity))
    }

    /// Turns a decoder diagnostic into the finding of its kind.
    mutating func add(_ diagnostic: ATSDiagnostic) {
        let rule: ATSAuditRule
        if diagnostic.message.hasPrefix("obsolete key") {
            rule = .obsoleteKey
        } else if diagnostic.message.contains("unknown key") {
            rule = .unknownKey
        } else if diagnostic.message.hasPrefix("legacy key") {
            rule = .legacyKey
        } else if diagnostic.keyPath.hasSuffix(ATSKey.spkiSHA256) || diagnostic.message.contains(ATSKey.spkiSHA256) {
            rule = .invalidPin
        } else if diagnostic.severity == .error {
            rule = .invalidValue
        } else {
            rule = .unknownKey
        }
        add(rule, diagnostic.keyPath, diagnostic.message)
    }
}
