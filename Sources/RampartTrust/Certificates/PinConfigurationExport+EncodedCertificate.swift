import Foundation

extension PinConfigurationExport {
    /// ``nsPinnedDomains(domain:chain:includeSubdomains:)`` for certificates whatever their key
    /// (``EncodedCertificate``): the same entry, with each certificate's ``EncodedCertificate/spkiPin``.
    ///
    /// ```swift
    /// let chain = try CertificateFile.readEncoded(URL(fileURLWithPath: "legacy.pem"))
    /// let xml = try PinConfigurationExport.nsPinnedDomains(domain: "api.example.com", chain: chain)
    /// ```
    public static func nsPinnedDomains(
        domain: String, chain: [EncodedCertificate], includeSubdomains: Bool = false
    ) throws -> Data {
        try nsPinnedDomains(domain: domain, pins: chain.map { try $0.spkiPin }, includeSubdomains: includeSubdomains)
    }

    /// ``trustKitPinnedDomains(domain:chain:includeSubdomains:enforce:)`` for certificates whatever
    /// their key (``EncodedCertificate``).
    public static func trustKitPinnedDomains(
        domain: String, chain: [EncodedCertificate], includeSubdomains: Bool = false, enforce: Bool = true
    ) throws -> Data {
        try trustKitPinnedDomains(
            domain: domain, pins: chain.map { try $0.spkiPin }, includeSubdomains: includeSubdomains, enforce: enforce)
    }

    /// `NSAppTransportSecurity → NSPinnedDomains → domain` with the first pin as
    /// `NSPinnedLeafIdentities` and the others as `NSPinnedCAIdentities`.
    public static func nsPinnedDomains(domain: String, pins: [SPKIPin], includeSubdomains: Bool = false) throws
        -> Data
    {
        var entry: [String: Any] = ["NSIncludesSubdomains": includeSubdomains]
        if let leaf = pins.first { entry["NSPinnedLeafIdentities"] = [["SPKI-SHA256-BASE64": leaf.base64]] }
        if pins.count > 1 {
            entry["NSPinnedCAIdentities"] = pins.dropFirst().map { ["SPKI-SHA256-BASE64": $0.base64] }
        }
        return try propertyList(["NSAppTransportSecurity": ["NSPinnedDomains": [key(domain): entry]]])
    }

    /// `TSKConfiguration → TSKPinnedDomains → domain` with every pin in `TSKPublicKeyHashes`.
    public static func trustKitPinnedDomains(
        domain: String, pins: [SPKIPin], includeSubdomains: Bool = false, enforce: Bool = true
    ) throws -> Data {
        let entry: [String: Any] = [
            "TSKPublicKeyHashes": pins.map(\.base64), "TSKIncludeSubdomains": includeSubdomains,
            "TSKEnforcePinning": enforce,
        ]
        return try propertyList(["TSKConfiguration": ["TSKPinnedDomains": [key(domain): entry]]])
    }

    private static func propertyList(_ object: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    }
}
