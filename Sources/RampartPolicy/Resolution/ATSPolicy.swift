import Foundation

/// Decides, for any URL, what App Transport Security would allow — and what it would then require.
///
/// Lookups are label-wise dictionary probes (exact host, then each parent) and per-prefix-length
/// tables for IP ranges, so a decision costs the same with 10 or 10,000 exception domains.
///
/// ```swift
/// let document = try ATSDocument.load(contentsOf: URL(fileURLWithPath: "Info.plist"))
/// let policy = ATSPolicy(document.configuration)
/// let decision = try policy.requirements(for: URL(string: "http://legacy.example.com/feed")!)
/// print(decision.isAllowed, decision.requirements.minimumTLSVersion)
/// ```
public struct ATSPolicy: Sendable {
    public let configuration: ATSConfiguration
    public let os: ATSOSGeneration

    private let exceptionsByName: [String: ATSExceptionDomain]
    /// IP exceptions per family (4 or 16 bytes), per prefix length, by masked network.
    private let exceptionsByNetwork: [Int: [Int: [[UInt8]: (key: String, entry: ATSExceptionDomain)]]]
    private let pinnedByName: [String: ATSPinnedDomain]

    public init(_ configuration: ATSConfiguration, os: ATSOSGeneration = .newest) {
        self.configuration = configuration
        self.os = os
        var names: [String: ATSExceptionDomain] = [:]
        var networks: [Int: [Int: [[UInt8]: (key: String, entry: ATSExceptionDomain)]]] = [:]
        for (key, entry) in configuration.exceptionDomains {
            if let range = CIDRRange(key) {
                if os.allowsIPExceptions {
                    networks[range.network.count, default: [:]][range.prefixLength, default: [:]][range.network] = (
                        key, entry
                    )
                }
            } else {
                names[key] = entry
            }
        }
        exceptionsByName = names
        exceptionsByNetwork = networks
        pinnedByName = configuration.pinnedDomains
    }

    /// The decision for `url` under a load of `kind`.
    ///
    /// - Throws: ``PolicyError/unsupportedURL(_:)`` for anything but absolute `http`, `https`, `ws`
    ///   or `wss` URLs with a host.
    public func requirements(for url: URL, load kind: ATSLoadKind = .standard) throws -> ATSDecision {
        let (scheme, host) = try Self.components(of: url)
        return decide(scheme: scheme, host: host, url: url.absoluteString, load: kind, explain: false)
    }

    /// The decision for a scheme and host, without parsing a URL (the fast path).
    public func requirements(scheme: String, host: String, load kind: ATSLoadKind = .standard) -> ATSDecision {
        decide(scheme: scheme.lowercased(), host: ATSHost(host), url: "\(scheme)://\(host)", load: kind, explain: false)
    }

    /// The decision for `url` with every reasoning step recorded in ``ATSDecision/steps``.
    public func explain(_ url: URL, load kind: ATSLoadKind = .standard) throws -> ATSDecision {
        let (scheme, host) = try Self.components(of: url)
        return decide(scheme: scheme, host: host, url: url.absoluteString, load: kind, explain: true)
    }

    static func components(of url: URL) throws -> (String, ATSHost) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https", "ws", "wss"].contains(scheme),
            let host = url.host, !host.isEmpty
        else { throw PolicyError.unsupportedURL(url.absoluteString) }
        return (scheme, ATSHost(host))
    }

    // MARK: the rules

    private func decide(scheme: String, host: ATSHost, url: String, load kind: ATSLoadKind, explain: Bool)
        -> ATSDecision
    {
        var steps: [String] = []
        func note(_ text: @autoclosure () -> String) { if explain { steps.append(text()) } }
        note("host '\(host.name)' is \(describe(host)); OS rules: \(os.rawValue); load: \(kind.rawValue)")

        var rule = ATSDecision.Rule.defaults
        var requirements = ATSRequirements.defaults
        if let (key, entry) = exception(for: host, note: note) {
            rule = .exceptionDomain(key)
            requirements.allowsCleartext = entry.allowsInsecureHTTPLoads
            requirements.minimumTLSVersion = entry.minimumTLSVersion ?? .v1_2
            requirements.requiresForwardSecrecy = entry.requiresForwardSecrecy
            requirements.requiresCertificateTransparency = entry.requiresCertificateTransparency
            note("the exception replaces every global key for this host")
        } else if host.isLocal, localNetworkingExempts(note: note) {
            rule = .localNetworking
            requirements = .notEnforced
        } else if kind == .media, os.hasIOS10Keys, configuration.allowsArbitraryLoadsForMedia == true {
            rule = .arbitraryLoadsForMedia
            requirements = .notEnforced
            note("NSAllowsArbitraryLoadsForMedia is YES and this is a media load: ATS does not apply")
        } else if kind == .webContent, os.hasIOS10Keys, configuration.allowsArbitraryLoadsInWebContent == true {
            rule = .arbitraryLoadsInWebContent
            requirements = .notEnforced
            note("NSAllowsArbitraryLoadsInWebContent is YES and this is a web-content load: ATS does not apply")
        } else if configuration.allowsArbitraryLoads == true {
            if os.hasIOS10Keys && configuration.hasIOS10Keys {
                note(
                    "NSAllowsArbitraryLoads is YES but ignored, because NSAllowsArbitraryLoadsForMedia, "
                        + "NSAllowsArbitraryLoadsInWebContent or NSAllowsLocalNetworking is present: ATS defaults apply"
                )
            } else {
                rule = .arbitraryLoads
                requirements = .notEnforced
                note("NSAllowsArbitraryLoads is YES: ATS does not apply to hosts without an exception")
            }
        } else {
            note("no key applies: ATS defaults (HTTPS, TLS ≥ 1.2, forward secrecy, certificate rules)")
        }

        let secure = scheme == "https" || scheme == "wss"
        if secure, let pins = pins(for: host, note: note) { requirements.pins = pins }
        var reason: String? = nil
        if !secure && !requirements.allowsCleartext {
            reason =
                "App Transport Security has blocked a cleartext HTTP (\(scheme)://) load of \(url) since it is "
                + "insecure. Use HTTPS instead, or add an NSExceptionDomains entry for \(host.name) with "
                + "NSExceptionAllowsInsecureHTTPLoads."
            note("cleartext is not allowed here: blocked")
        } else {
            note(secure ? "allowed over TLS \(requirements.minimumTLSVersion.rawValue) or newer" : "cleartext allowed")
        }
        return ATSDecision(
            url: url, host: host.name, isAllowed: reason == nil, rule: rule, requirements: requirements,
            reason: reason, steps: steps)
    }

    /// The exception entry covering `host`: for names the exact key, else the nearest ancestor
    /// with `NSIncludesSubdomains`; for IP literals (iOS 17+) the exact address or the longest
    /// matching range. Names never match IP keys, nor the reverse.
    private func exception(for host: ATSHost, note: (@autoclosure () -> String) -> Void) -> (
        String, ATSExceptionDomain
    )? {
        if host.kind != .dnsName {
            guard os.allowsIPExceptions, let families = exceptionsByNetwork[host.addressBytes.count] else {
                if !os.allowsIPExceptions { note("IP exception keys are read only from iOS 17 on") }
                return nil
            }
            for prefix in stride(from: host.addressBytes.count * 8, through: 0, by: -1) {
                guard let table = families[prefix] else { continue }
                if let (key, entry) = table[CIDRRange.mask(host.addressBytes, to: prefix)] {
                    note("NSExceptionDomains '\(key)' covers the address (longest matching prefix /\(prefix))")
                    return (key, entry)
                }
            }
            return nil
        }
        if let entry = exceptionsByName[host.name] {
            note("NSExceptionDomains has the exact key '\(host.name)'")
            return (host.name, entry)
        }
        var rest = Substring(host.name)
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            guard let entry = exceptionsByName[String(rest)] else { continue }
            if entry.includesSubdomains {
                note("NSExceptionDomains '\(rest)' has NSIncludesSubdomains and covers this subdomain")
                return (String(rest), entry)
            }
            note("NSExceptionDomains '\(rest)' does not include subdomains; looking further up")
        }
        return nil
    }

    private func localNetworkingExempts(note: (@autoclosure () -> String) -> Void) -> Bool {
        switch os {
        case .ios9:
            return false
        case .ios10:
            note("iOS 10–16 do not apply ATS to unqualified names, .local names and IP literals")
            return true
        case .ios17:
            if configuration.allowsLocalNetworking == true {
                note("NSAllowsLocalNetworking is YES: local hosts are exempt from ATS")
                return true
            }
            note("local host, but NSAllowsLocalNetworking is not YES: ATS applies")
            return false
        }
    }

    /// The union of the exact `NSPinnedDomains` entry and the immediate parent's when it has
    /// `NSIncludesSubdomains` (one label only, as ATS does).
    private func pins(for host: ATSHost, note: (@autoclosure () -> String) -> Void) -> ATSPinRequirement? {
        guard !pinnedByName.isEmpty, host.kind == .dnsName else { return nil }
        var matched: [(String, ATSPinnedDomain)] = []
        if let exact = pinnedByName[host.name] { matched.append((host.name, exact)) }
        if let dot = host.name.firstIndex(of: ".") {
            let parent = String(host.name[host.name.index(after: dot)...])
            if let entry = pinnedByName[parent], entry.includesSubdomains { matched.append((parent, entry)) }
        }
        guard !matched.isEmpty else { return nil }
        let requirement = ATSPinRequirement(
            domains: matched.map(\.0), caPins: matched.flatMap(\.1.caIdentities),
            leafPins: matched.flatMap(\.1.leafIdentities))
        note(
            "NSPinnedDomains \(requirement.domains.joined(separator: " + ")): \(requirement.caPins.count) CA pin(s), "
                + "\(requirement.leafPins.count) leaf pin(s)"
                + (requirement.caPins.isEmpty || requirement.leafPins.isEmpty
                    ? "" : "; both a CA and a leaf pin must match"))
        return requirement
    }

    private func describe(_ host: ATSHost) -> String {
        switch host.kind {
        case .ipv4: return "an IPv4 literal"
        case .ipv6: return "an IPv6 literal"
        case .dnsName:
            if !host.name.contains(".") { return "an unqualified name" }
            return host.name.hasSuffix(".local") ? "a .local name" : "a DNS name"
        }
    }
}
