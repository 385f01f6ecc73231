// Builds a URL from trusted structure and untrusted values: each value is encoded for the component
// it goes in, so no value can add a segment, a parameter or a fragment.

import Foundation

/// A URL assembled from parts where values never change the structure.
///
/// The scheme and host are checked (an `http`/`https` scheme, a host of letters, digits, dots,
/// hyphens, or an IP literal); each path segment and each query name and value is percent-encoded
/// for its component with ``URLComponent``.
///
/// ```swift
/// var builder = try SafeURLBuilder(scheme: "https", host: "api.example.com")
/// builder.appendPathSegment("users")
/// builder.appendPathSegment(userInput)          // "../admin" stays one segment: "..%2Fadmin"
/// builder.appendQuery("q", userQuery)           // "a&admin=1" stays one value
/// let url = builder.url                         // https://api.example.com/users/..%2Fadmin?q=a%26admin%3D1
/// ```
public struct SafeURLBuilder: Sendable {
    /// Why a scheme or host was refused.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The scheme is not `http` or `https`.
        case scheme(String)
        /// The host holds characters a host name may not.
        case host(String)
        /// The port is outside 1...65535.
        case port(Int)

        public var description: String {
            switch self {
            case .scheme(let scheme): "scheme \(scheme.debugDescription) refused: use http or https"
            case .host(let host):
                "host \(host.debugDescription) refused: letters, digits, dots and hyphens, or an IP literal"
            case .port(let port): "port \(port) is outside 1...65535"
            }
        }
    }

    private let prefix: String
    private var segments: [String] = []
    private var query: [String] = []
    private var fragment: String?

    /// A builder for `scheme://host[:port]`.
    public init(scheme: String, host: String, port: Int? = nil) throws(Refusal) {
        let lowerScheme = scheme.lowercased()
        guard lowerScheme == "https" || lowerScheme == "http" else { throw .scheme(scheme) }
        let isIPv6 =
            host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2
            && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        let isName =
            !host.isEmpty && host.utf8.count <= 253
            && host.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x2E
            }
        guard isIPv6 || isName else { throw .host(host) }
        if let port, !(1...65535).contains(port) { throw .port(port) }
        prefix = "\(lowerScheme)://\(host.lowercased())" + (port.map { ":\($0)" } ?? "")
    }

    /// Appends one path segment; `/` inside it is encoded, so it stays one segment.
    public mutating func appendPathSegment(_ segment: String) {
        segments.append(URLComponent.pathSegment.encode(segment))
    }

    /// Appends one query parameter.
    public mutating func appendQuery(_ name: String, _ value: String) {
        query.append(URLComponent.queryName.encode(name) + "=" + URLComponent.queryValue.encode(value))
    }

    /// Sets the fragment.
    public mutating func setFragment(_ text: String) {
        fragment = URLComponent.fragment.encode(text)
    }

    /// The URL's text.
    public var string: String {
        var text = prefix + "/" + segments.joined(separator: "/")
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// The URL (nil only if Foundation refuses text this builder made, which a test rules out).
    public var url: URL? { URL(string: string) }
}
