import Foundation
import RampartPolicy

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

    /// The domain as `ATSHost` normalises hosts: lower case, A-labels, no leading or trailing
    /// dots (`BÜCHER.example.` → `xn--bcher-kva.example`); a value assigned later is normalised too.
    public var domain: String {
        didSet { domain = Self.normalized(domain) }
    }
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
    ///   an empty or malformed domain (an internationalized name IDNA refuses included).
    /// - Parameters:
    ///   - domain: the host the pins apply to, normalised as ``domain`` says.
    ///   - coverage: the host alone, or its subdomains too.
    ///   - pins: the SPKI pins, each for the leaf, an intermediate or any certificate of the chain.
    ///   - expiration: after this moment the entry is ignored, with a warning.
    ///   - enforced: `false` for report-only: a mismatch is reported and the connection goes on.
    ///   - reportURIs: where pin-failure reports are sent.
    ///   - requiresBackupPin: `false` only to mirror a configuration that already ships
    ///     (an `Info.plist`'s `NSPinnedDomains`, which ATS enforces with a single pin).
    public init(
        domain: String, coverage: Coverage = .exactHost, pins: [ScopedPin], expiration: Date? = nil,
        enforced: Bool = true, reportURIs: [URL] = [], requiresBackupPin: Bool = true
    ) throws {
        let name = Self.normalized(domain)
        // Letters, digits, `-`, `_` and dots only (what IDNA's A-labels and host names are made of):
        // no wildcard, port, path, space, bracket, or name IDNA refused, so the domain is a fixed
        // point of ATSHost and compares with the normalised hosts as it is.
        guard !name.isEmpty,
            name.utf8.allSatisfy({ Self.domainBytes.contains($0) })
        else {
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

    /// Whether this entry covers `host`, normalised as `ATSHost` does (so `API.example.com.` and
    /// `bücher.example` are the hosts `api.example.com` and `xn--bcher-kva.example`).
    ///
    /// ```swift
    /// try PinnedHost(domain: "bücher.example", pins: pins).covers("XN--BCHER-KVA.example.")   // true
    /// ```
    public func covers(_ host: String) -> Bool {
        covers(normalized: ATSHost(host).name)
    }

    /// ``covers(_:)`` for a host already normalised by ``ATSHost``.
    func covers(normalized host: String) -> Bool {
        if host == domain { return true }
        guard coverage != .exactHost, host.hasSuffix("." + domain) else { return false }
        let below = host.dropLast(domain.count + 1)
        return coverage == .anyDepthOfSubdomains || !below.contains(".")
    }

    /// The first two of `keys` (in sorted order) that name one domain once normalised, if any:
    /// pins of both would be merged, so a configuration holding them is refused.
    static func sameDomain(_ keys: [String]) -> (String, String)? {
        var seen: [String: String] = [:]
        for key in keys.sorted() {
            let name = normalized(key)
            if let earlier = seen[name] { return (earlier, key) }
            seen[name] = key
        }
        return nil
    }

    /// The bytes a pinned domain is made of, once normalised.
    private static let domainBytes: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyz0123456789-_.".utf8))

    /// A domain as ``ATSHost`` normalises hosts, leading dots dropped too (`.example.com` has long
    /// meant the domain in pin configurations).
    static func normalized(_ domain: String) -> String {
        var name = Substring(domain)
        while name.first == "." { name = name.dropFirst() }
        let host = ATSHost(String(name)).name
        return host == "." ? "" : host
    }
}
