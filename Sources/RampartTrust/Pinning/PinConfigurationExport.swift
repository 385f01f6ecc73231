import Foundation
import X509

/// Ready-to-paste pinning configuration for a chain: an ATS `NSPinnedDomains` entry or a TrustKit
/// `TSKPinnedDomains` entry, as an XML property list. The domain key is written normalised as
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
        let pins = try chain.map { try SPKIPin(certificate: $0).base64 }
        var entry: [String: Any] = ["NSIncludesSubdomains": includeSubdomains]
        if let leaf = pins.first { entry["NSPinnedLeafIdentities"] = [["SPKI-SHA256-BASE64": leaf]] }
        if pins.count > 1 { entry["NSPinnedCAIdentities"] = pins.dropFirst().map { ["SPKI-SHA256-BASE64": $0] } }
        return try xml(["NSAppTransportSecurity": ["NSPinnedDomains": [key(domain): entry]]])
    }

    /// `TSKConfiguration → TSKPinnedDomains → domain` with every certificate's pin in
    /// `TSKPublicKeyHashes` (TrustKit needs at least two, one of them a backup).
    public static func trustKitPinnedDomains(
        domain: String, chain: [Certificate], includeSubdomains: Bool = false, enforce: Bool = true
    ) throws -> Data {
        let pins = try chain.map { try SPKIPin(certificate: $0).base64 }
        let entry: [String: Any] = [
            "TSKPublicKeyHashes": pins, "TSKIncludeSubdomains": includeSubdomains, "TSKEnforcePinning": enforce,
        ]
        return try xml(["TSKConfiguration": ["TSKPinnedDomains": [key(domain): entry]]])
    }

    /// `domain` as a configuration key: normalised, or as given when nothing is left of it.
    static func key(_ domain: String) -> String {
        let normalized = PinnedHost.normalized(domain)
        return normalized.isEmpty ? domain : normalized
    }

    private static func xml(_ object: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    }
}
