extension ATSConfiguration {
    /// The `NSAppTransportSecurity` dictionary that ``ATSDocument/decode(_:source:)`` reads back
    /// to this configuration, legacy key spellings aside (only iOS 9 reads them; they are not
    /// written). Keys in a
    /// fixed order: the global keys that are set, then `NSExceptionDomains` and `NSPinnedDomains`
    /// by domain.
    ///
    /// ```swift
    /// let configuration = ATSConfiguration(allowsArbitraryLoads: false)
    /// let plist = PropertyListWriter.xmlDocument(
    ///     .dictionary([PropertyListEntry(ATSKey.root, configuration.propertyList)]))
    /// ```
    public var propertyList: PropertyListValue {
        var entries: [PropertyListEntry] = []
        let globals: [(String, Bool?)] = [
            (ATSKey.allowsArbitraryLoads, allowsArbitraryLoads),
            (ATSKey.forMedia, allowsArbitraryLoadsForMedia),
            (ATSKey.inWebContent, allowsArbitraryLoadsInWebContent),
            (ATSKey.localNetworking, allowsLocalNetworking),
        ]
        for (key, value) in globals { if let value { entries.append(PropertyListEntry(key, .bool(value))) } }
        if !exceptionDomains.isEmpty {
            let domains = exceptionDomains.sorted { $0.key < $1.key }
            entries.append(
                PropertyListEntry(
                    ATSKey.exceptionDomains,
                    .dictionary(domains.map { PropertyListEntry($0.key, $0.value.propertyList) })))
        }
        if !pinnedDomains.isEmpty {
            let domains = pinnedDomains.sorted { $0.key < $1.key }
            entries.append(
                PropertyListEntry(
                    ATSKey.pinnedDomains, .dictionary(domains.map { PropertyListEntry($0.key, $0.value.propertyList) }))
            )
        }
        return .dictionary(entries)
    }
}

extension ATSExceptionDomain {
    /// The `NSExceptionDomains` entry ATS reads as this one, every modern key written (the legacy
    /// spellings, which only iOS 9 reads, are not).
    ///
    /// ```swift
    /// let entry = ATSExceptionDomain(minimumTLSVersion: .v1_2).propertyList
    /// ```
    public var propertyList: PropertyListValue {
        let entry = self
        var keys = [
            PropertyListEntry(ATSKey.includesSubdomains, .bool(entry.includesSubdomains)),
            PropertyListEntry(ATSKey.allowsInsecureHTTPLoads, .bool(entry.allowsInsecureHTTPLoads)),
            PropertyListEntry(ATSKey.requiresForwardSecrecy, .bool(entry.requiresForwardSecrecy)),
            PropertyListEntry(ATSKey.requiresCertificateTransparency, .bool(entry.requiresCertificateTransparency)),
        ]
        if let version = entry.minimumTLSVersion {
            keys.append(PropertyListEntry(ATSKey.minimumTLSVersion, .string(version.rawValue)))
        }
        return .dictionary(keys)
    }
}

extension ATSPinnedDomain {
    /// The `NSPinnedDomains` entry: `NSIncludesSubdomains`, then both identity lists, each pin as
    /// an `SPKI-SHA256-BASE64` dictionary.
    ///
    /// ```swift
    /// let entry = ATSPinnedDomain(leafIdentities: [pin]).propertyList
    /// ```
    public var propertyList: PropertyListValue {
        .dictionary([
            PropertyListEntry(ATSKey.includesSubdomains, .bool(includesSubdomains)),
            PropertyListEntry(ATSKey.pinnedCAIdentities, ATSPin.propertyList(caIdentities)),
            PropertyListEntry(ATSKey.pinnedLeafIdentities, ATSPin.propertyList(leafIdentities)),
        ])
    }
}

extension ATSPin {
    /// An identity list as ATS reads it: `[{SPKI-SHA256-BASE64 = …}, …]`.
    ///
    /// ```swift
    /// let identities = ATSPin.propertyList(base64: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="])
    /// ```
    public static func propertyList(base64 pins: [String]) -> PropertyListValue {
        .array(pins.map { .dictionary([PropertyListEntry(ATSKey.spkiSHA256, .string($0))]) })
    }

    static func propertyList(_ pins: [ATSPin]) -> PropertyListValue { propertyList(base64: pins.map(\.base64)) }
}
