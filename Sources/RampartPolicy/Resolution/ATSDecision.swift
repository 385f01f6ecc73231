/// ATS's verdict on one URL, with the rule that produced it.
///
/// ```swift
/// let decision = try policy.requirements(for: URL(string: "http://example.com")!)
/// if !decision.isAllowed { print(decision.reason ?? "") }
/// ```
public struct ATSDecision: Sendable, Hashable, Codable {
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
    }

    /// The URL (or `scheme://host`) decided on.
    public var url: String
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
}
