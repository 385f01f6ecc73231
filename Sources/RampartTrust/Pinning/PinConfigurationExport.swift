import Foundation
import RampartPolicy
import X509

/// Ready-to-paste pinning configuration for a chain: an ATS `NSPinnedDomains` entry or a TrustKit
/// `TSKPinnedDomains` entry, as an XML property list (written by RampartPolicy's
/// `PropertyListWriter`, ATS key names from `ATSKey`). The domain key is written normalised as
/// ``PinnedHost`` reads it (lower case, A-labels, no trailing dot): ATS matches keys literally
/// against such hosts, so `API.example.com.` or `bücher.example` as a key would never apply.
///
/// ```swift
/// let chain = try CertificateFile.read(URL(fileURLWithPath: "chain.pem"))
/// let xml = try PinConfigurationExport.nsPinnedDomains(domain: "api.example.com", chain: chain)
/// ```
public enum PinConfigurationExport {
    /// `NSAppTransportSecurity → NSPinnedDomains → domain` with the leaf's pin as
    /// `NSPinnedLeafIdentities` and every other certificate's as `NSPinnedCAIdentities`.
    public static func nsPinnedDomains(domain: String, chain: [Certificate], includeSubdomains: Bool = false) throws
        -> Data
    {
        try nsPinnedDomains(
            domain: domain, pins: chain.map { try SPKIPin(certificate: $0) }, includeSubdomains: includeSubdomains)
    }

    /// `TSKConfiguration → TSKPinnedDomains → domain` with every certificate's pin in
    /// `TSKPublicKeyHashes` (TrustKit needs at least two, one of them a backup).
    public static func trustKitPinnedDomains(
        domain: String, chain: [Certificate], includeSubdomains: Bool = false, enforce: Bool = true
    ) throws -> Data {
        try trustKitPinnedDomains(
            domain: domain, pins: chain.map { try SPKIPin(certificate: $0) }, includeSubdomains: includeSubdomains,
            enforce: enforce)
    }

    /// `NSAppTransportSecurity → NSPinnedDomains → domain` with the first pin as
    /// `NSPinnedLeafIdentities` and the others as `NSPinnedCAIdentities` (each list only when it
    /// has a pin).
    ///
    /// ```swift
    /// let xml = try PinConfigurationExport.nsPinnedDomains(domain: "api.example.com", pins: [leafPin, caPin])
    /// ```
    public static func nsPinnedDomains(domain: String, pins: [SPKIPin], includeSubdomains: Bool = false) throws
        -> Data
    {
        let base64 = pins.map(\.base64)
        var entry = [PropertyListEntry(ATSKey.includesSubdomains, .bool(includeSubdomains))]
        if base64.count > 1 {
            entry.append(
                PropertyListEntry(ATSKey.pinnedCAIdentities, ATSPin.propertyList(base64: Array(base64.dropFirst()))))
        }
        if let leaf = base64.first {
            entry.append(PropertyListEntry(ATSKey.pinnedLeafIdentities, ATSPin.propertyList(base64: [leaf])))
        }
        return document(ATSKey.root, ATSKey.pinnedDomains, domain: domain, entry: entry)
    }

    /// `TSKConfiguration → TSKPinnedDomains → domain` with every pin in `TSKPublicKeyHashes`.
    public static func trustKitPinnedDomains(
        domain: String, pins: [SPKIPin], includeSubdomains: Bool = false, enforce: Bool = true
    ) throws -> Data {
        let entry = [
            PropertyListEntry("TSKEnforcePinning", .bool(enforce)),
            PropertyListEntry("TSKIncludeSubdomains", .bool(includeSubdomains)),
            PropertyListEntry("TSKPublicKeyHashes", .array(pins.map { .string($0.base64) })),
        ]
        return document("TSKConfiguration", "TSKPinnedDomains", domain: domain, entry: entry)
    }

    /// `domain` as a configuration key: normalised, or as given when nothing is left of it.
    static func key(_ domain: String) -> String {
        let normalized = PinnedHost.normalized(domain)
        return normalized.isEmpty ? domain : normalized
    }

    /// `{root: {domains: {key(domain): entry}}}` as an XML property list.
    private static func document(_ root: String, _ domains: String, domain: String, entry: [PropertyListEntry])
        -> Data
    {
        let domainEntry = PropertyListEntry(key(domain), .dictionary(entry))
        return PropertyListWriter.xmlDocument(
            .dictionary([PropertyListEntry(root, .dictionary([PropertyListEntry(domains, .dictionary([domainEntry]))]))]
            ))
    }
}
