/// A rule of the ATS auditor: a stable id, a default severity, why it matters, and the fix.
///
/// Ids never change meaning once published, so suppressions and dashboards keep working.
///
/// ```swift
/// ATSAuditRule.arbitraryLoads.id   // "ATS001"
/// ```
public struct ATSAuditRule: Sendable, Hashable, Codable {
    public let id: String
    public let name: String
    public let severity: FindingSeverity
    /// Why it matters.
    public let rationale: String
    /// What to do about it.
    public let fix: String

    public static let arbitraryLoads = Self(
        id: "ATS001", name: "arbitrary-loads", severity: .high,
        rationale:
            "ATS is off for every host without an exception: cleartext HTTP and weak TLS are allowed, so traffic can be read and changed on the network.",
        fix: "Remove NSAllowsArbitraryLoads and add NSExceptionDomains entries only for the hosts that need them.")
    public static let arbitraryLoadsIgnored = Self(
        id: "ATS002", name: "arbitrary-loads-ignored", severity: .info,
        rationale:
            "iOS 10 and later ignore NSAllowsArbitraryLoads when NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent or NSAllowsLocalNetworking is present; only iOS 9 still honours it.",
        fix: "Drop NSAllowsArbitraryLoads unless the app still supports iOS 9.")
    public static let arbitraryLoadsForMedia = Self(
        id: "ATS003", name: "arbitrary-loads-media", severity: .medium,
        rationale:
            "AVFoundation media may load over cleartext from any host: media can be swapped or observed in transit.",
        fix: "Serve media over HTTPS, or scope the exception with NSExceptionDomains.")
    public static let arbitraryLoadsInWebContent = Self(
        id: "ATS004", name: "arbitrary-loads-web", severity: .medium,
        rationale: "Web views may load any page over cleartext.",
        fix: "Keep it only for browser-like apps that show arbitrary user-chosen pages.")
    public static let localNetworking = Self(
        id: "ATS005", name: "local-networking", severity: .low,
        rationale:
            "Unqualified names, .local names and local IP addresses are exempt from ATS, including cleartext (iOS 18.4 and later exempt them even without the key, unless it is NO); the key also makes NSAllowsArbitraryLoads ignored.",
        fix:
            "Use TLS for local devices where they support it; set the key to NO if the app never talks to local devices."
    )
    public static let insecureHTTPException = Self(
        id: "ATS010", name: "insecure-http-exception", severity: .medium,
        rationale: "Cleartext HTTP is allowed for this domain: anyone on the path can read and change the traffic.",
        fix: "Move the host to HTTPS and remove NSExceptionAllowsInsecureHTTPLoads.")
    public static let weakTLSVersion = Self(
        id: "ATS011", name: "tls-below-1.2", severity: .high,
        rationale: "TLS 1.0 and 1.1 are deprecated (RFC 8996) and have known weaknesses.",
        fix: "Upgrade the server to TLS 1.2 or 1.3 and remove NSExceptionMinimumTLSVersion.")
    public static let forwardSecrecyOff = Self(
        id: "ATS012", name: "forward-secrecy-off", severity: .medium,
        rationale: "Without forward secrecy, a server key stolen later decrypts recorded traffic.",
        fix: "Enable ECDHE suites on the server and remove NSExceptionRequiresForwardSecrecy.")
    public static let exceptionShadowsPins = Self(
        id: "ATS013", name: "exception-shadows-pins", severity: .high,
        rationale: "An exception allows cleartext for a pinned host: plain http:// requests bypass the pins entirely.",
        fix: "Remove NSExceptionAllowsInsecureHTTPLoads for pinned hosts.")
    public static let redundantException = Self(
        id: "ATS014", name: "redundant-exception", severity: .low,
        rationale: "This exception grants nothing that the global keys do not already give this host.",
        fix: "Remove the entry, or make it express the intended restriction.")
    public static let noBackupPin = Self(
        id: "ATS020", name: "no-backup-pin", severity: .medium,
        rationale: "With a single pin, a key rotation or loss makes the host unreachable until an app update ships.",
        fix: "Pin at least two keys, one of them a backup key kept offline.")
    public static let caOnlyPins = Self(
        id: "ATS021", name: "ca-only-pins", severity: .low,
        rationale: "Only CA keys are pinned: any certificate that CA issues for the host is accepted.",
        fix: "Add a leaf pin (with a backup), or accept the CA's issuance as your trust boundary.")
    public static let invalidPin = Self(
        id: "ATS022", name: "invalid-pin", severity: .high,
        rationale:
            "Apple silently drops pins that are not base64 of a 32-byte SHA-256 digest, so the intended pinning may not happen at all.",
        fix: "Compute the pin with `rampart pin` and paste it unchanged.")
    public static let shallowSubdomainPins = Self(
        id: "ATS023", name: "shallow-subdomain-pins", severity: .medium,
        rationale:
            "NSPinnedDomains with NSIncludesSubdomains covers only names exactly one label below the key; deeper hosts are not pinned.",
        fix: "Add an NSPinnedDomains entry for each deeper domain that must be pinned.")
    public static let emptyPinnedDomain = Self(
        id: "ATS024", name: "empty-pinned-domain", severity: .high,
        rationale: "The pinned domain has no valid pins, so nothing is pinned for it.",
        fix: "Add NSPinnedLeafIdentities or NSPinnedCAIdentities with SPKI-SHA256-BASE64 values.")
    public static let legacyKey = Self(
        id: "ATS030", name: "legacy-key", severity: .medium,
        rationale:
            "The system ignores NSTemporaryException…, NSThirdPartyException… and NSTemporaryThirdPartyException… keys: Apple's ATS code reads only the NSException… keys in an exception entry (only iOS 9 read the legacy forms), so the setting does not apply.",
        fix: "Use the NSException… key of the same meaning, or remove the key.")
    public static let obsoleteKey = Self(
        id: "ATS031", name: "obsolete-key", severity: .low,
        rationale: "ATS no longer reads this key; whatever it was meant to do does not happen.",
        fix: "Remove it.")
    public static let unknownKey = Self(
        id: "ATS032", name: "unknown-key", severity: .medium,
        rationale: "ATS ignores keys it does not know; a misspelt key silently leaves the default in place.",
        fix: "Correct the spelling or remove the key.")
    public static let invalidValue = Self(
        id: "ATS033", name: "invalid-value", severity: .high,
        rationale:
            "A value of the wrong type or form is ignored by ATS, so the setting its author intended does not apply.",
        fix: "Use the documented type (<true/>/<false/> for flags, a TLSv1.x string for versions).")
    public static let domainKeyNeverMatches = Self(
        id: "ATS040", name: "domain-key-never-matches", severity: .medium,
        rationale:
            "ATS matches exception and pinned domain keys literally against lowercase host names without port: keys with wildcards, ports, schemes, paths or uppercase never apply.",
        fix: "Write the bare lowercase domain and use NSIncludesSubdomains for subdomains.")
    public static let ipExceptionBeforeIOS17 = Self(
        id: "ATS041", name: "ip-exception-before-ios17", severity: .info,
        rationale: "IP addresses and ranges as exception keys are read only from iOS 17 / macOS 14 on.",
        fix: "If the app supports older systems, expect this entry to be ignored there.")
    public static let unicodeDomainKey = Self(
        id: "ATS042", name: "unicode-domain-key", severity: .medium,
        rationale:
            "ATS compares exception and pinned domain keys literally with the host a connection names, which is always ASCII: URL and DNS write an internationalized name as IDNA A-labels (bücher.example is xn--bcher-kva.example), so a key written in Unicode never matches.",
        fix: "Write the key as its A-labels (the xn-- form), as the URL's host reads.")
    public static let noATSDictionary = Self(
        id: "ATS050", name: "no-ats-dictionary", severity: .info,
        rationale: "The Info.plist has no NSAppTransportSecurity dictionary, so ATS defaults apply everywhere.",
        fix: "Nothing to do; this is the safest configuration.")

    /// Every rule, in id order.
    public static let all: [ATSAuditRule] = [
        arbitraryLoads, arbitraryLoadsIgnored, arbitraryLoadsForMedia, arbitraryLoadsInWebContent, localNetworking,
        insecureHTTPException, weakTLSVersion, forwardSecrecyOff, exceptionShadowsPins, redundantException,
        noBackupPin, caOnlyPins, invalidPin, shallowSubdomainPins, emptyPinnedDomain, legacyKey, obsoleteKey,
        unknownKey, invalidValue, domainKeyNeverMatches, ipExceptionBeforeIOS17, unicodeDomainKey, noATSDictionary,
    ]
}
