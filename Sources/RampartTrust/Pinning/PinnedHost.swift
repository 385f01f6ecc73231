import Foundation

/// The pins for one domain, as TrustKit, OkHttp and ATS configure them.
///
/// ```swift
/// let api = try PinnedHost(
///     domain: "api.example.com", coverage: .anyDepthOfSubdomains,
///     pins: [.init(try SPKIPin(parsing: primary)), .init(try SPKIPin(parsing: backup))])
/// ```
public struct PinnedHost: Sendable, Hashable {
    /// Which host names the entry covers, besides the domain itself.
    public enum Coverage: String, Sendable, Hashable, Codable {
        /// Only the domain.
        case exactHost
        /// Names exactly one label below (ATS `NSPinnedDomains` with `NSIncludesSubdomains`).
        case oneLevelOfSubdomains
        /// Names at any depth below (TrustKit `kTSKIncludeSubdomains`, OkHttp `**.`).
        case anyDepthOfSubdomains
    }

    /// A pin and the certificates of the validated chain it may match.
    public struct ScopedPin: Sendable, Hashable {
        public enum Scope: String, Sendable, Hashable, Codable {
            /// The leaf only.
            case leaf
            /// Any certificate above the leaf.
            case ca
            /// Any certificate of the validated chain.
            case any
        }

        public enum Kind: Sendable, Hashable {
            /// SHA-256 of the SubjectPublicKeyInfo.
            case publicKey(SPKIPin)
            /// SHA-256 of the whole certificate's DER.
            case certificate([UInt8])
        }

        public var kind: Kind
        public var scope: Scope

        public init(_ pin: SPKIPin, scope: Scope = .any) {
            kind = .publicKey(pin)
            self.scope = scope
        }

        public init(certificateSHA256 digest: [UInt8], scope: Scope = .any) {
            kind = .certificate(digest)
            self.scope = scope
        }
    }

    /// The domain, lowercase.
    public var domain: String
    public var coverage: Coverage
    public var pins: [ScopedPin]
    /// After this moment the entry is ignored, with a warning.
    public var expiration: Date?
    /// `false`: report-only — a mismatch is reported but the connection goes on.
    public var enforced: Bool
    /// Where pin-failure reports are sent.
    public var reportURIs: [URL]

    /// - Throws: ``TrustError`` for a configuration that would fail silently or
    ///   brick the app: an enforced entry without a backup pin, a public suffix with subdomains,
    ///   an empty or malformed domain.
    /// - Parameter requiresBackupPin: `false` only to mirror a configuration that already ships
    ///   (an `Info.plist`'s `NSPinnedDomains`, which ATS enforces with a single pin).
    public init(
        domain: String, coverage: Coverage = .exactHost, pins: [ScopedPin], expiration: Date? = nil,
        enforced: Bool = true, reportURIs: [URL] = [], requiresBackupPin: Bool = true
    ) throws {
        let name = domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard !name.isEmpty, !name.contains("*"), !name.contains("/"), !name.contains(":"), !name.contains(" ") else {
            throw TrustError.malformedDomain(domain)
        }
        if enforced && Set(pins).count < (requiresBackupPin ? 2 : 1) {
            throw TrustError.noBackupPin(domain: name, count: Set(pins).count)
        }
        if coverage != .exactHost && PublicSuffixes.contains(name) {
            throw TrustError.publicSuffixWithSubdomains(domain: name)
        }
        self.domain = name
        self.coverage = coverage
        self.pins = pins
        self.expiration = expiration
        self.enforced = enforced
        self.reportURIs = reportURIs
    }

    /// Whether this entry covers `host` (lowercase, without a trailing dot).
    public func covers(_ host: String) -> Bool {
        if host == domain { return true }
        guard coverage != .exactHost, host.hasSuffix("." + domain) else { return false }
        let below = host.dropLast(domain.count + 1)
        return coverage == .anyDepthOfSubdomains || !below.contains(".")
    }
}
