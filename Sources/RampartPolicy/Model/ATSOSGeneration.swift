/// The OS generation whose ATS rules to apply. ATS changed in ways a policy can observe.
///
/// Sources: Apple's `NSAllowsLocalNetworking` and `NSExceptionDomains` reference pages, and
/// Apple's open-source ATS code, `protocol/SecProtocolConfiguration.m` in
/// `apple-oss-distributions/Security` (tags `Security-59306.11.20`, iOS 13, to
/// `Security-61901.0.87.0.1`, iOS 26), with its unit tests in `protocol/SecProtocolConfigurationTest.m`.
/// - iOS 9 / macOS 10.11 (``ios9``): ATS applies to unqualified names, `.local` names and IP
///   literals like any other host; exception keys may name unqualified and `.local` hosts but not
///   IP addresses; the iOS 10 keys (`…ForMedia`, `…InWebContent`, `NSAllowsLocalNetworking`) do not
///   exist, so they neither apply nor make `NSAllowsArbitraryLoads` ignored. The legacy
///   `NSTemporaryException…`, `NSThirdPartyException…` and `NSTemporaryThirdPartyException…` keys
///   of that era's documentation are read (when the `NSException…` key is absent).
/// - iOS 10–16 / macOS 10.12–13 (``ios10``): ATS allows connections to unqualified names, `.local`
///   names and IP literals without any key; `NSAllowsArbitraryLoads` is ignored when any of the
///   three iOS 10 keys is present.
/// - iOS 17.0–18.3 / macOS 14.0–15.3 (``ios17``, the strict reading): exception keys may name IP
///   addresses and CIDR ranges; local hosts are subject to ATS unless `NSAllowsLocalNetworking` is
///   `YES` or an exception covers them. This is what `SecProtocolConfiguration.m` did up to
///   `Security-61439.81.1` (`sec_protocol_configuration_tls_required_for_host_internal`: a direct
///   host is exempt only when the key reads true).
/// - iOS 18.4+ / macOS 15.4+ (``ios18_4``, the default, the current OS): local hosts are exempt
///   unless `NSAllowsLocalNetworking` is explicitly `NO`. From `Security-61439.101.1` on
///   (`Security-61901.0.87.0.1` too), `sec_protocol_configuration_tls_required_for_host_or_address_internal`
///   looks for an exception first, then exempts a direct host when the key is anything but false
///   (absent or `YES`); Apple's tests `testLocalNetworkingAllowedByDefault` and
///   `testLocalNetworkingDisabled` say so. Direct hosts are unqualified names and `.local` names
///   (the tests' `isLocalTLD`), and loopback and link-local addresses (`127.0.0.1`, `::1`,
///   `fe80::1` are direct in the tests; `203.0.113.1`, `fe00::1` and `2001:db8::…` are not). The
///   caller (the closed-source network stack) decides what is direct; Rampart also counts private
///   ranges (RFC 1918, `fc00::/7`) as direct, since they are normally on the device's own link
///   (``ATSHost/isDirect``).
///
/// From iOS 10 on, the legacy exception keys are ignored: no version of `SecProtocolConfiguration.m`
/// reads them (`sec_protocol_configuration_set_ats_overrides` reads only `NSIncludesSubdomains`,
/// `NSExceptionAllowsInsecureHTTPLoads`, `NSExceptionMinimumTLSVersion` and
/// `NSExceptionRequiresForwardSecrecy` in an entry).
///
/// ```swift
/// let policy = ATSPolicy(configuration, os: .ios17)   // local hosts need NSAllowsLocalNetworking
/// ```
public enum ATSOSGeneration: String, Sendable, Codable, CaseIterable {
    case ios9
    case ios10
    case ios17
    case ios18_4 = "ios18.4"

    /// The newest generation, used when none is named.
    public static let newest = ATSOSGeneration.ios18_4

    /// Whether the iOS 10 keys exist in this generation.
    var hasIOS10Keys: Bool { self != .ios9 }
    /// Whether exception keys may be IP addresses or CIDR ranges.
    var allowsIPExceptions: Bool { self == .ios17 || self == .ios18_4 }
    /// Whether the legacy `NSTemporaryException…`/`NSThirdPartyException…` keys are read.
    var readsLegacyExceptionKeys: Bool { self == .ios9 }
}
