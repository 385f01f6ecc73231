/// The `Info.plist` key names ATS reads, grouped by the dictionary they belong in: the names
/// ``ATSDocument`` decodes and ``PropertyListWriter`` writes (through
/// ``ATSConfiguration/propertyList``).
///
/// ```swift
/// let entry = PropertyListEntry(ATSKey.allowsArbitraryLoads, .bool(true))
/// ```
public enum ATSKey {
    /// `NSAppTransportSecurity`, the `Info.plist` key that holds the ATS dictionary.
    public static let root = "NSAppTransportSecurity"
    public static let allowsArbitraryLoads = "NSAllowsArbitraryLoads"
    public static let forMedia = "NSAllowsArbitraryLoadsForMedia"
    public static let inWebContent = "NSAllowsArbitraryLoadsInWebContent"
    public static let localNetworking = "NSAllowsLocalNetworking"
    public static let exceptionDomains = "NSExceptionDomains"
    public static let pinnedDomains = "NSPinnedDomains"

    // In an `NSExceptionDomains` entry (`includesSubdomains` also in an `NSPinnedDomains` one).
    public static let includesSubdomains = "NSIncludesSubdomains"
    public static let allowsInsecureHTTPLoads = "NSExceptionAllowsInsecureHTTPLoads"
    public static let minimumTLSVersion = "NSExceptionMinimumTLSVersion"
    public static let requiresForwardSecrecy = "NSExceptionRequiresForwardSecrecy"
    public static let requiresCertificateTransparency = "NSRequiresCertificateTransparency"

    // In an `NSPinnedDomains` entry, and in each of its identities.
    public static let pinnedCAIdentities = "NSPinnedCAIdentities"
    public static let pinnedLeafIdentities = "NSPinnedLeafIdentities"
    public static let spkiSHA256 = "SPKI-SHA256-BASE64"

    static let globalKeys = [
        allowsArbitraryLoads, forMedia, inWebContent, localNetworking, exceptionDomains, pinnedDomains,
    ]
    static let exceptionKeys = [
        includesSubdomains, allowsInsecureHTTPLoads, minimumTLSVersion, requiresForwardSecrecy,
        requiresCertificateTransparency,
    ]
    static let pinnedKeys = [includesSubdomains, pinnedCAIdentities, pinnedLeafIdentities]

    /// Legacy spellings of the exception keys (iOS 9 betas and early releases), mapped to the
    /// modern key whose meaning they carry. Only iOS 9 reads them (the modern key wins when both
    /// are set); Apple's ATS code since (`SecProtocolConfiguration.m`) reads none of them.
    static let legacyExceptionKeys: [String: String] = [
        "NSTemporaryExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSTemporaryExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSTemporaryExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSThirdPartyExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSThirdPartyExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
        "NSTemporaryThirdPartyExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSTemporaryThirdPartyExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSTemporaryThirdPartyExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
    ]

    /// Keys that ATS no longer reads at all.
    static let obsoleteKeys: [String: String] = [
        "NSExceptionAllowsInsecureHTTPSLoads": "removed before iOS 9 shipped; invalid certificates are never accepted",
        "NSTemporaryExceptionAllowsInsecureHTTPSLoads":
            "removed before iOS 9 shipped; invalid certificates are never accepted",
        "NSThirdPartyExceptionAllowsInsecureHTTPSLoads":
            "removed before iOS 9 shipped; invalid certificates are never accepted",
        "NSAllowsArbitraryLoadsInMedia": "a beta name of NSAllowsArbitraryLoadsForMedia; ATS ignores it",
        "NSRequiresCertificateTransparency@global": "only valid inside an exception domain",
    ]

    /// The known key closest to `key` (edit distance ≤ 3, case-insensitive), for "did you mean".
    static func nearest(to key: String, among candidates: [String]) -> String? {
        let lowered = key.lowercased()
        let limit = max(3, key.count / 6)
        // The distance is at least the difference in length: skip candidates that cannot be
        // within the limit, so a long unknown key costs nothing (it cost O(length) allocations
        // per candidate: a 400 KB plist of long keys took minutes).
        let scored = candidates.filter { abs($0.utf8.count - lowered.utf8.count) <= limit }
            .map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
