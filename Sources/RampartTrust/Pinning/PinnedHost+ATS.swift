import RampartPolicy

extension PinnedHost {
    /// The pins of an ATS configuration's `NSPinnedDomains`, as ATS enforces them: CA identities
    /// match any certificate above the leaf, leaf identities the leaf, one pin is enough, and
    /// `NSIncludesSubdomains` covers every depth.
    ///
    /// ```swift
    /// let pins = try PinnedHost.pins(of: document.configuration)
    /// ```
    ///
    /// - Throws: ``TrustError`` for an entry that makes no valid pin set, or two keys naming one
    ///   domain once normalised (`example.com` and `Example.com.`).
    public static func pins(of configuration: ATSConfiguration) throws -> [PinnedHost] {
        if let (first, second) = sameDomain(Array(configuration.pinnedDomains.keys)) {
            throw TrustError.malformedPinConfiguration(
                source: "NSPinnedDomains",
                reason: "'\(first)' and '\(second)' name one domain (\(normalized(first))); keep one entry")
        }
        return try configuration.pinnedDomains.sorted { $0.key < $1.key }.map { domain, entry in
            let ca = try entry.caIdentities.map { PinnedHost.ScopedPin(try SPKIPin(parsing: $0.base64), scope: .ca) }
            let leaf = try entry.leafIdentities.map {
                PinnedHost.ScopedPin(try SPKIPin(parsing: $0.base64), scope: .leaf)
            }
            return try PinnedHost(
                domain: domain, coverage: entry.includesSubdomains ? .anyDepthOfSubdomains : .exactHost,
                pins: ca + leaf, requiresBackupPin: false)
        }
    }
}
