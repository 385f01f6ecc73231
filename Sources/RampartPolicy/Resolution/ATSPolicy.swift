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

    private let exceptionsByName: HostSuffixTable<ATSExceptionDomain>
    /// IP exceptions per family (4 or 16 bytes): the prefix lengths in use, longest first, and a
    /// table by (prefix length, masked network).
    private let exceptionPrefixes: [Int: [Int]]
    private let exceptionsByNetwork: [NetworkKey: (key: String, entry: ATSExceptionDomain)]
    /// Each pinned domain with the requirement it makes on its own, built once, so the common
    /// case (one matching entry) allocates nothing per decision.
    private let pinnedByName: HostSuffixTable<(domain: ATSPinnedDomain, alone: ATSPinRequirement)>

    struct NetworkKey: Hashable, Sendable {
        var prefix: Int
        var network: AddressKey
    }

    /// The policy of an `Info.plist`, ATS dictionary or JSON file, loaded strictly: a file with
    /// values ATS would ignore is refused (``ATSDocument/loadStrictly(contentsOf:)``). To decide as
    /// the system does, without those values, use ``ATSLoadedPolicy``.
    ///
    /// ```swift
    /// let policy = try ATSPolicy(contentsOf: URL(fileURLWithPath: "Info.plist"))
    /// ```
    public init(contentsOf url: URL, os: ATSOSGeneration = .newest) throws {
        self.init(try ATSDocument.loadStrictly(contentsOf: url).configuration, os: os)
    }

    public init(_ configuration: ATSConfiguration, os: ATSOSGeneration = .newest) {
        self.configuration = configuration
        self.os = os
        var names: [(String, ATSExceptionDomain)] = []
        var networks: [NetworkKey: (key: String, entry: ATSExceptionDomain)] = [:]
        var prefixes: [Int: Set<Int>] = [:]
        // In key order, so that two keys naming one network ("10.0.0.0/8", "10.1.2.3/8") resolve the
        // same way every run: the first key wins, never the dictionary's hash order.
        for (key, written) in configuration.exceptionDomains.sorted(by: { $0.key < $1.key }) {
            let entry = os.readsLegacyExceptionKeys ? written.readingLegacyValues : written
            if let range = CIDRRange(key) {
                if os.allowsIPExceptions {
                    let network = NetworkKey(prefix: range.prefixLength, network: range.key)
                    if networks[network] == nil { networks[network] = (key, entry) }
                    prefixes[range.network.count, default: []].insert(range.prefixLength)
                }
            } else {
                names.append((key, entry))
            }
        }
        exceptionsByName = HostSuffixTable(names)
        exceptionsByNetwork = networks
        exceptionPrefixes = prefixes.mapValues { $0.sorted(by: >) }
        pinnedByName = HostSuffixTable(
            configuration.pinnedDomains.map { key, entry in
                (
                    key,
                    (
                        entry,
                        ATSPinRequirement(domains: [key], caPins: entry.caIdentities, leafPins: entry.leafIdentities)
                    )
                )
            })
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
        let lowered = scheme.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) ? scheme.lowercased() : scheme
        return decide(scheme: lowered, host: ATSHost(host), url: nil, load: kind, explain: false)
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

    private func decide(scheme: String, host: ATSHost, url: String?, load kind: ATSLoadKind, explain: Bool)
        -> ATSDecision
    {
        var trail = ExplanationTrail(enabled: explain)
        trail.note("host '\(host.name)' is \(describe(host)); OS rules: \(os.rawValue); load: \(kind.rawValue)")

        var rule = ATSDecision.Rule.defaults
        var requirements = ATSRequirements.defaults
        if let (key, entry) = exception(for: host, trail: &trail) {
            rule = .exceptionDomain(key)
            requirements.allowsCleartext = entry.allowsInsecureHTTPLoads
            requirements.minimumTLSVersion = entry.minimumTLSVersion ?? .v1_2
            requirements.requiresForwardSecrecy = entry.requiresForwardSecrecy
            requirements.requiresCertificateTransparency = entry.requiresCertificateTransparency
            trail.note("the exception replaces every global key for this host")
        } else if localNetworkingExempts(host, trail: &trail) {
            rule = .localNetworking
            requirements = .notEnforced
        } else if kind == .media, os.hasIOS10Keys, configuration.allowsArbitraryLoadsForMedia == true {
            rule = .arbitraryLoadsForMedia
            requirements = .notEnforced
            trail.note("NSAllowsArbitraryLoadsForMedia is YES and this is a media load: ATS does not apply")
        } else if kind == .webContent, os.hasIOS10Keys, configuration.allowsArbitraryLoadsInWebContent == true {
            rule = .arbitraryLoadsInWebContent
            requirements = .notEnforced
            trail.note("NSAllowsArbitraryLoadsInWebContent is YES and this is a web-content load: ATS does not apply")
        } else if configuration.allowsArbitraryLoads == true {
            if os.hasIOS10Keys && configuration.hasIOS10Keys {
                trail.note(
                    "NSAllowsArbitraryLoads is YES but ignored, because NSAllowsArbitraryLoadsForMedia, "
                        + "NSAllowsArbitraryLoadsInWebContent or NSAllowsLocalNetworking is present: ATS defaults apply"
                )
            } else {
                rule = .arbitraryLoads
                requirements = .notEnforced
                trail.note("NSAllowsArbitraryLoads is YES: ATS does not apply to hosts without an exception")
            }
        } else {
            trail.note("no key applies: ATS defaults (HTTPS, TLS ≥ 1.2, forward secrecy, certificate rules)")
        }

        let secure = scheme == "https" || scheme == "wss"
        if secure, let pins = pins(for: host, trail: &trail) { requirements.pins = pins }
        var reason: String? = nil
        if !secure && !requirements.allowsCleartext {
            reason =
                "App Transport Security has blocked a cleartext HTTP (\(scheme)://) load of \(url ?? scheme + "://" + host.name) since it is "
                + "insecure. Use HTTPS instead, or add an NSExceptionDomains entry for \(host.name) with "
                + "NSExceptionAllowsInsecureHTTPLoads."
            trail.note("cleartext is not allowed here: blocked")
        } else {
            trail.note(
                secure ? "allowed over TLS \(requirements.minimumTLSVersion.rawValue) or newer" : "cleartext allowed")
        }
        return ATSDecision(
            explicitURL: url, scheme: scheme, host: host.name, isAllowed: reason == nil, rule: rule,
            requirements: requirements,
            reason: reason, steps: trail.steps)
    }

    /// The exception entry covering `host`: for names the exact key, else the nearest ancestor
    /// with `NSIncludesSubdomains`; for IP literals (iOS 17+) the exact address or the longest
    /// matching range. Names never match IP keys, nor the reverse.
    private func exception(for host: ATSHost, trail: inout ExplanationTrail) -> (
        String, ATSExceptionDomain
    )? {
        if host.kind != .dnsName {
            guard os.allowsIPExceptions, let prefixes = exceptionPrefixes[host.addressWidth / 8] else {
                if !os.allowsIPExceptions { trail.note("IP exception keys are read only from iOS 17 on") }
                return nil
            }
            let address = host.address
            let width = host.addressWidth
            for prefix in prefixes {
                let probe = NetworkKey(prefix: prefix, network: address.masked(to: prefix, width: width))
                if let (key, entry) = exceptionsByNetwork[probe] {
                    trail.note("NSExceptionDomains '\(key)' covers the address (longest matching prefix /\(prefix))")
                    return (key, entry)
                }
            }
            return nil
        }
        return exceptionsByName.nearest(to: host.name) { depth, key, entry in
            if depth == 0 {
                trail.note("NSExceptionDomains has the exact key '\(key)'")
                return true
            }
            if entry.includesSubdomains {
                trail.note("NSExceptionDomains '\(key)' has NSIncludesSubdomains and covers this subdomain")
                return true
            }
            trail.note("NSExceptionDomains '\(key)' does not include subdomains; looking further up")
            return false
        }
    }

    private func localNetworkingExempts(_ host: ATSHost, trail: inout ExplanationTrail) -> Bool {
        switch os {
        case .ios9:
            return false
        case .ios10:
            guard host.isLocal else { return false }
            trail.note("iOS 10–16 do not apply ATS to unqualified names, .local names and IP literals")
            return true
        case .ios17:
            guard host.isDirect else { return false }
            if configuration.allowsLocalNetworking == true {
                trail.note("NSAllowsLocalNetworking is YES: local hosts are exempt from ATS")
                return true
            }
            trail.note("local host, but NSAllowsLocalNetworking is not YES: ATS applies (iOS 17.0–18.3)")
            return false
        case .ios18_4:
            guard host.isDirect else { return false }
            if configuration.allowsLocalNetworking == false {
                trail.note("local host, but NSAllowsLocalNetworking is NO: ATS applies")
                return false
            }
            trail.note(
                configuration.allowsLocalNetworking == true
                    ? "NSAllowsLocalNetworking is YES: local hosts are exempt from ATS"
                    : "iOS 18.4 and later exempt local hosts unless NSAllowsLocalNetworking is NO")
            return true
        }
    }

    /// The union of the exact `NSPinnedDomains` entry and the immediate parent's when it has
    /// `NSIncludesSubdomains` (one label only, as ATS does).
    private func pins(for host: ATSHost, trail: inout ExplanationTrail) -> ATSPinRequirement? {
        guard !pinnedByName.isEmpty, host.kind == .dnsName else { return nil }
        var found: ATSPinRequirement?
        _ = pinnedByName.nearest(to: host.name, maxDepth: 1) { depth, _, entry in
            guard depth == 0 || entry.domain.includesSubdomains else { return false }
            if var union = found {
                union.domains += entry.alone.domains
                union.caPins += entry.alone.caPins
                union.leafPins += entry.alone.leafPins
                found = union
            } else {
                found = entry.alone
            }
            return false
        }
        guard let requirement = found else { return nil }
        trail.note(
            "NSPinnedDomains \(requirement.domains.joined(separator: " + ")): \(requirement.caPins.count) CA pin(s), "
                + "\(requirement.leafPins.count) leaf pin(s)"
                + (requirement.caPins.isEmpty || requirement.leafPins.isEmpty
                    ? "" : "; both a CA and a leaf pin must match"))
        return requirement
    }

    private func describe(_ host: ATSHost) -> String {
        let local = host.isDirect ? " (local)" : ""
        switch host.kind {
        case .ipv4: return "an IPv4 literal" + local
        case .ipv6: return "an IPv6 literal" + local
        case .dnsName:
            if !host.name.contains(".") { return "an unqualified name" }
            return host.name.hasSuffix(".local") ? "a .local name" : "a DNS name"
        }
    }
}

/// The reasoning steps of a decision, recorded only when an explanation was asked for: the
/// message closures are never evaluated on the fast path.
struct ExplanationTrail {
    let enabled: Bool
    private(set) var steps: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    @inline(__always)
    mutating func note(_ text: @autoclosure () -> String) {
        if enabled { steps.append(text()) }
    }
}
