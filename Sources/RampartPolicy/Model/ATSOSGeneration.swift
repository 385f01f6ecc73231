/// The OS generation whose ATS rules to apply. ATS changed twice in ways a policy can observe.
///
/// Sources: Apple's `NSAllowsLocalNetworking` and `NSExceptionDomains` reference pages.
/// - iOS 9 / macOS 10.11: ATS applies to unqualified names, `.local` names and IP literals like
///   any other host; exception keys may name unqualified and `.local` hosts but not IP addresses;
///   the iOS 10 keys (`…ForMedia`, `…InWebContent`, `NSAllowsLocalNetworking`) do not exist, so
///   they neither apply nor make `NSAllowsArbitraryLoads` ignored.
/// - iOS 10–16 / macOS 10.12–13: ATS allows connections to unqualified names, `.local` names and
///   IP literals without any key; `NSAllowsArbitraryLoads` is ignored when any of the three iOS 10
///   keys is present.
/// - iOS 17+ / macOS 14+: exception keys may name IP addresses and CIDR ranges. Choice: local
///   hosts (unqualified, `.local`, IP literals) are then subject to ATS unless
///   `NSAllowsLocalNetworking` is `YES` or an exception entry covers them. Apple's pages describe
///   the iOS 17 change only through the new IP exceptions, so Rampart takes the stricter reading;
///   `ios10` reproduces the lenient one.
///
/// ```swift
/// let policy = try ATSPolicy(configuration, os: .ios10)
/// ```
public enum ATSOSGeneration: String, Sendable, Codable, CaseIterable {
    case ios9
    case ios10
    case ios17

    /// The newest generation, used when none is named.
    public static let newest = ATSOSGeneration.ios17

    /// Whether the iOS 10 keys exist in this generation.
    var hasIOS10Keys: Bool { self != .ios9 }
    /// Whether exception keys may be IP addresses or CIDR ranges.
    var allowsIPExceptions: Bool { self == .ios17 }
}
