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
}
