import Foundation

/// Reads the values of an ATS dictionary with exact types, collecting a diagnostic for every key
/// that is unknown, legacy, or of the wrong type.
struct ATSValueReader {
    private(set) var diagnostics: [ATSDiagnostic] = []

    mutating func configuration(from value: Any, at path: String) -> ATSConfiguration {
        var configuration = ATSConfiguration()
        guard let dictionary = self.dictionary(value, at: path) else { return configuration }
        for key in dictionary.keys.sorted() {
            let keyPath = join(path, key)
            guard let value = dictionary[key] else { continue }
            switch key {
            case ATSKey.allowsArbitraryLoads: configuration.allowsArbitraryLoads = bool(value, at: keyPath)
            case ATSKey.forMedia: configuration.allowsArbitraryLoadsForMedia = bool(value, at: keyPath)
            case ATSKey.inWebContent: configuration.allowsArbitraryLoadsInWebContent = bool(value, at: keyPath)
            case ATSKey.localNetworking: configuration.allowsLocalNetworking = bool(value, at: keyPath)
            case ATSKey.exceptionDomains:
                for (domain, entry) in entries(value, at: keyPath) {
                    if let entry = exceptionDomain(entry, at: join(keyPath, domain)) {
                        configuration.exceptionDomains[domain] = entry
                    }
                }
            case ATSKey.pinnedDomains:
                for (domain, entry) in entries(value, at: keyPath) {
                    configuration.pinnedDomains[domain] = pinnedDomain(entry, at: join(keyPath, domain))
                }
            case ATSKey.requiresCertificateTransparency:
                warn(
                    keyPath,
                    "NSRequiresCertificateTransparency is read only inside an NSExceptionDomains entry; move it there")
            default:
                unknown(key, at: keyPath, known: ATSKey.globalKeys)
            }
        }
        return configuration
    }

    /// An `NSExceptionDomains` entry; `nil` when it is not a dictionary, which the system skips
    /// (`sec_protocol_configuration_set_ats_overrides` logs "exception must be a dictionary").
    private mutating func exceptionDomain(_ value: Any, at path: String) -> ATSExceptionDomain? {
        guard let dictionary = self.dictionary(value, at: path) else { return nil }
        var entry = ATSExceptionDomain()
        var modern = Set<String>()
        var legacy: [(String, String)] = []
        for key in dictionary.keys.sorted() {
            let keyPath = join(path, key)
            guard let value = dictionary[key] else { continue }
            switch key {
            case ATSKey.includesSubdomains: entry.includesSubdomains = bool(value, at: keyPath) ?? false
            case ATSKey.allowsInsecureHTTPLoads, ATSKey.minimumTLSVersion, ATSKey.requiresForwardSecrecy:
                modern.insert(key)
                apply(key, value, at: keyPath, to: &entry)
            case ATSKey.requiresCertificateTransparency:
                entry.requiresCertificateTransparency = bool(value, at: keyPath) ?? false
            default:
                if let meaning = ATSKey.legacyExceptionKeys[key] {
                    legacy.append((key, meaning))
                } else {
                    // Sorted: a key as near to two legacy keys names the same one every run.
                    unknown(key, at: keyPath, known: ATSKey.exceptionKeys + ATSKey.legacyExceptionKeys.keys.sorted())
                }
            }
        }
        // Legacy keys never change the entry itself: only iOS 9 reads them (ATSOSGeneration).
        for (key, meaning) in legacy {
            entry.legacyKeys.append(key)
            guard !modern.contains(meaning), let value = dictionary[key] else { continue }
            var reading = ATSExceptionDomain()
            apply(meaning, value, at: join(path, key), to: &reading)
            var values = entry.legacyValues ?? ATSLegacyExceptionValues()
            switch meaning {
            case ATSKey.allowsInsecureHTTPLoads:
                if Self.exactBool(value) != nil { values.allowsInsecureHTTPLoads = reading.allowsInsecureHTTPLoads }
            case ATSKey.requiresForwardSecrecy:
                if Self.exactBool(value) != nil { values.requiresForwardSecrecy = reading.requiresForwardSecrecy }
            default:
                if let version = reading.minimumTLSVersion { values.minimumTLSVersion = version }
            }
            if values != ATSLegacyExceptionValues() { entry.legacyValues = values }
        }
        return entry
    }

    private mutating func apply(_ key: String, _ value: Any, at keyPath: String, to entry: inout ATSExceptionDomain) {
        switch key {
        case ATSKey.allowsInsecureHTTPLoads: entry.allowsInsecureHTTPLoads = bool(value, at: keyPath) ?? false
        case ATSKey.requiresForwardSecrecy: entry.requiresForwardSecrecy = bool(value, at: keyPath) ?? true
        default:
            guard let text = string(value, at: keyPath) else { return }
            if let version = TLSProtocolVersion(atsName: text) {
                entry.minimumTLSVersion = version
            } else {
                error(
                    keyPath, "'\(text)' is not a TLS version; use one of TLSv1.0, TLSv1.1, TLSv1.2, TLSv1.3",
                    expected: "a TLS version (TLSv1.0 to TLSv1.3)", found: Self.describe(value))
            }
        }
    }

    private mutating func pinnedDomain(_ value: Any, at path: String) -> ATSPinnedDomain {
        var entry = ATSPinnedDomain()
        guard let dictionary = self.dictionary(value, at: path) else { return entry }
        for key in dictionary.keys.sorted() {
            let keyPath = join(path, key)
            guard let value = dictionary[key] else { continue }
            switch key {
            case ATSKey.includesSubdomains: entry.includesSubdomains = bool(value, at: keyPath) ?? false
            case ATSKey.pinnedCAIdentities: entry.caIdentities = pins(value, at: keyPath)
            case ATSKey.pinnedLeafIdentities: entry.leafIdentities = pins(value, at: keyPath)
            default: unknown(key, at: keyPath, known: ATSKey.pinnedKeys)
            }
        }
        return entry
    }

    private mutating func pins(_ value: Any, at path: String) -> [ATSPin] {
        guard let list = value as? [Any] else {
            let expected = "an array of dictionaries with \(ATSKey.spkiSHA256)"
            error(
                path, "expected \(expected), found \(Self.describe(value))", expected: expected,
                found: Self.describe(value))
            return []
        }
        var pins: [ATSPin] = []
        for (index, item) in list.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let dictionary = dictionary(item, at: itemPath) else { continue }
            for key in dictionary.keys.sorted() where key != ATSKey.spkiSHA256 {
                unknown(key, at: join(itemPath, key), known: [ATSKey.spkiSHA256])
            }
            guard let raw = dictionary[ATSKey.spkiSHA256] else {
                error(itemPath, "missing \(ATSKey.spkiSHA256); Apple ignores this identity")
                continue
            }
            guard let text = string(raw, at: join(itemPath, ATSKey.spkiSHA256)) else { continue }
            if let pin = ATSPin(base64: text) {
                pins.append(pin)
            } else {
                let length = Data(base64Encoded: text)?.count
                error(
                    join(itemPath, ATSKey.spkiSHA256),
                    length.map { "decodes to \($0) bytes, not the 32 of a SHA-256 digest; Apple silently drops it" }
                        ?? "'\(text)' is not valid base64; Apple silently drops it")
            }
        }
        return pins
    }

    // MARK: typed access

    private mutating func dictionary(_ value: Any, at path: String) -> [String: Any]? {
        if let dictionary = value as? [String: Any] { return dictionary }
        error(
            path.isEmpty ? "(top level)" : path, "expected a dictionary, found \(Self.describe(value))",
            expected: "a dictionary", found: Self.describe(value))
        return nil
    }

    private mutating func entries(_ value: Any, at path: String) -> [(String, Any)] {
        guard let dictionary = dictionary(value, at: path) else { return [] }
        return dictionary.keys.sorted().compactMap { key in dictionary[key].map { (key, $0) } }
    }

    private mutating func bool(_ value: Any, at path: String) -> Bool? {
        if let flag = Self.exactBool(value) { return flag }
        let hint =
            (value as? String).map { ["yes", "no", "true", "false"].contains($0.lowercased()) } == true
            ? " (a string is not a Boolean: write <true/> or <false/>)" : ""
        error(
            path, "expected a Boolean, found \(Self.describe(value))\(hint); ATS ignores this value",
            expected: "a Boolean", found: Self.describe(value))
        return nil
    }

    private mutating func string(_ value: Any, at path: String) -> String? {
        if let text = value as? String { return text }
        error(
            path, "expected a string, found \(Self.describe(value))", expected: "a string",
            found: Self.describe(value))
        return nil
    }

    private mutating func unknown(_ key: String, at path: String, known: [String]) {
        if let reason = ATSKey.obsoleteKeys[key] {
            warn(path, "obsolete key: \(reason)")
        } else if let suggestion = ATSKey.nearest(to: key, among: known) {
            warn(path, "unknown key — did you mean \(suggestion)? ATS ignores keys it does not know")
        } else {
            warn(path, "unknown key; ATS ignores it")
        }
    }

    private mutating func error(_ path: String, _ message: String, expected: String? = nil, found: String? = nil) {
        diagnostics.append(
            ATSDiagnostic(severity: .error, keyPath: path, message: message, expected: expected, found: found))
    }

    private mutating func warn(_ path: String, _ message: String) {
        diagnostics.append(ATSDiagnostic(severity: .warning, keyPath: path, message: message))
    }

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A Boolean only when the document really holds one: plist `<true/>`/`<false/>` arrive as
    /// `Bool`, JSON `true`/`false` as an `NSNumber` of Objective-C type `c`; integers do not count.
    static func exactBool(_ value: Any) -> Bool? {
        if type(of: value) == Bool.self { return value as? Bool }
        if let number = value as? NSNumber, String(cString: number.objCType) == "c" { return number.boolValue }
        return nil
    }

    static func describe(_ value: Any) -> String {
        if exactBool(value) != nil { return "a Boolean" }
        switch value {
        case let text as String: return "the string '\(text)'"
        case is NSNumber: return "the number \(value)"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Data: return "data"
        case is Date: return "a date"
        default: return "a \(type(of: value))"
        }
    }
}
