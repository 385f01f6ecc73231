/// What ATS requires of a connection it allows.
///
/// ```swift
/// if decision.requirements.requiresForwardSecrecy { /* offer only ECDHE suites for TLS 1.2 */ }
/// ```
public struct ATSRequirements: Sendable, Hashable, Codable {
    /// Whether ATS's extended checks apply at all (`false` under arbitrary loads or for local
    /// hosts that ATS leaves alone; default server trust evaluation still applies).
    public var enforced: Bool
    /// Whether `http://` (and `ws://`) is allowed.
    public var allowsCleartext: Bool
    /// The lowest TLS version allowed.
    public var minimumTLSVersion: TLSProtocolVersion
    /// Whether TLS 1.2 must use ECDHE (forward-secret) suites.
    public var requiresForwardSecrecy: Bool
    /// Whether the ATS certificate rules apply (RSA ≥ 2048 / EC ≥ 256 bits, SHA-2 signatures).
    public var requiresCertificateRules: Bool
    /// Whether valid Certificate Transparency proofs are required.
    public var requiresCertificateTransparency: Bool
    /// The pins that apply, if any `NSPinnedDomains` entry covers the host.
    public var pins: ATSPinRequirement?

    /// ATS's defaults: HTTPS only, TLS ≥ 1.2, forward secrecy, certificate rules.
    public static let defaults = ATSRequirements(
        enforced: true, allowsCleartext: false, minimumTLSVersion: .v1_2, requiresForwardSecrecy: true,
        requiresCertificateRules: true, requiresCertificateTransparency: false, pins: nil)

    /// No ATS checks: what arbitrary loads and exempt local hosts get.
    public static let notEnforced = ATSRequirements(
        enforced: false, allowsCleartext: true, minimumTLSVersion: .v1_0, requiresForwardSecrecy: false,
        requiresCertificateRules: false, requiresCertificateTransparency: false, pins: nil)
}

/// The pins ATS requires for a host: the union of every matching `NSPinnedDomains` entry.
/// When both lists are non-empty, both a CA pin and a leaf pin must match.
public struct ATSPinRequirement: Sendable, Hashable, Codable {
    /// The `NSPinnedDomains` keys that matched.
    public var domains: [String]
    public var caPins: [ATSPin]
    public var leafPins: [ATSPin]
}
