/// ATS's verdict on one URL, with the rule that produced it.
///
/// ```swift
/// let decision = try policy.requirements(for: URL(string: "http://example.com")!)
/// if !decision.isAllowed { print(decision.reason ?? "") }
/// ```
public struct ATSDecision: Sendable, Hashable, Encodable {
    /// The rule of the configuration that decided.
    public enum Rule: Sendable, Hashable, Codable {
        /// An `NSExceptionDomains` entry (its key), replacing the globals for this host.
        case exceptionDomain(String)
        /// A local host that the OS generation exempts, or `NSAllowsLocalNetworking`.
        case localNetworking
        /// `NSAllowsArbitraryLoadsForMedia`.
        case arbitraryLoadsForMedia
        /// `NSAllowsArbitraryLoadsInWebContent`.
        case arbitraryLoadsInWebContent
        /// `NSAllowsArbitraryLoads`.
        case arbitraryLoads
        /// No key applies: ATS's defaults.
        case defaults

        /// The case's name, as its JSON `kind` says it (`exceptionDomain`, `localNetworking`, …).
        public var kind: String {
            switch self {
            case .exceptionDomain: "exceptionDomain"
            case .localNetworking: "localNetworking"
            case .arbitraryLoadsForMedia: "arbitraryLoadsForMedia"
            case .arbitraryLoadsInWebContent: "arbitraryLoadsInWebContent"
            case .arbitraryLoads: "arbitraryLoads"
            case .defaults: "defaults"
            }
        }

        private enum CodingKeys: String, CodingKey { case kind, domain }

        /// Encoded (JSON) as `{"kind": "exceptionDomain", "domain": "legacy.example.com"}`, or `{"kind": "defaults"}`
        /// for a rule without a key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            if case .exceptionDomain(let domain) = self { try container.encode(domain, forKey: .domain) }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let kind = try container.decode(String.self, forKey: .kind)
            let simple: [Rule] = [
                .localNetworking, .arbitraryLoadsForMedia, .arbitraryLoadsInWebContent, .arbitraryLoads, .defaults,
            ]
            if kind == "exceptionDomain" {
                self = .exceptionDomain(try container.decode(String.self, forKey: .domain))
            } else if let rule = simple.first(where: { $0.kind == kind }) {
                self = rule
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container, debugDescription: "not an ATS rule: \(kind.debugDescription)")
            }
        }
    }

    /// The URL decided on (`scheme://host` when the decision was asked for by scheme and host).
    public var url: String { explicitURL ?? scheme + "://" + host }
    /// The URL as given, when one was; kept separate so that the fast path allocates no string.
    var explicitURL: String?
    /// The URL scheme, lowercase.
    public var scheme: String
    /// The normalized host.
    public var host: String
    public var isAllowed: Bool
    public var rule: Rule
    /// What a connection to this URL must meet.
    public var requirements: ATSRequirements
    /// Why it is blocked, worded like ATS's console message; `nil` when allowed.
    public var reason: String?
    /// The reasoning, step by step (filled by ``ATSPolicy/explain(_:load:)``).
    public var steps: [String]

    private enum CodingKeys: String, CodingKey {
        case url, scheme, host, isAllowed, rule, requirements, reason, steps
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(scheme, forKey: .scheme)
        try container.encode(host, forKey: .host)
        try container.encode(isAllowed, forKey: .isAllowed)
        try container.encode(rule, forKey: .rule)
        try container.encode(requirements, forKey: .requirements)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encode(steps, forKey: .steps)
    }
}
