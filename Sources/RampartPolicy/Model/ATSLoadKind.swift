/// What kind of load a URL is requested for; ATS has separate switches for media and web content.
///
/// ```swift
/// let decision = policy.requirements(for: url, load: .media)
/// ```
public enum ATSLoadKind: String, Sendable, Codable, CaseIterable {
    /// `URLSession` and other Foundation loads.
    case standard
    /// AVFoundation media loads (`NSAllowsArbitraryLoadsForMedia`).
    case media
    /// Web views (`NSAllowsArbitraryLoadsInWebContent`).
    case webContent = "web"
}
