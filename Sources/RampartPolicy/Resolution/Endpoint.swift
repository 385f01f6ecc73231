import Foundation

/// Where a connection goes: a host, read and normalised as ``ATSHost`` reads it, and a TCP port in
/// 1…65535. Every connection Rampart opens is built from one, so that a port nobody asked for
/// (`99999` wrapped to `34463`, `2^64 + 1` dropped to the scheme's default) is refused before
/// any connection instead of being dialled.
///
/// The port of a URL is read from the URL's own text, not from `URL.port`, which may wrap or drop
/// numbers too big for it.
///
/// ```swift
/// let api = try Endpoint(url: URL(string: "https://API.example.com/v1")!)   // api.example.com:443
/// let local = try Endpoint(parsing: "[::1]:8443")                             // [::1]:8443
/// _ = try Endpoint(parsing: "127.0.0.1:99999")        // throws EndpointError.portOutOfRange("99999")
/// print(local.host.name, local.port)                                          // ::1 8443
/// ```
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The host, lowercased, without brackets or a trailing dot (``ATSHost/name``).
    public let host: ATSHost
    /// 1…65535.
    public let port: Int

    /// `host` (a name or an IP literal, brackets allowed around IPv6) and `port`.
    ///
    /// - Throws: ``EndpointError/noHost``, ``EndpointError/malformedHost(reason:)`` or
    ///   ``EndpointError/portOutOfRange(_:)``.
    public init(host: String, port: Int) throws(EndpointError) {
        guard Self.ports.contains(port) else { throw .portOutOfRange(String(port)) }
        self.host = try Self.checkedHost(host)
        self.port = port
    }

    /// The host and port of an `https://` or `http://` URL; without a port, 443 or 80.
    ///
    /// - Throws: ``EndpointError/unsupportedScheme(_:)``, ``EndpointError/noHost``,
    ///   ``EndpointError/credentialsInURL``, ``EndpointError/portOutOfRange(_:)`` (port 0,
    ///   65536, 99999, 2^64 + 1…) or ``EndpointError/malformedPort(_:)``.
    public init(url: URL) throws(EndpointError) {
        guard let scheme = url.scheme?.lowercased() else { throw .unsupportedScheme("") }
        guard scheme == "https" || scheme == "http" else { throw .unsupportedScheme(scheme) }
        let text = url.absoluteString
        guard let components = URLComponents(string: text) else { throw .noHost }
        guard components.user == nil && components.password == nil else { throw .credentialsInURL }
        guard let rawHost = url.host, !rawHost.isEmpty else { throw .noHost }
        var port = scheme == "https" ? 443 : 80
        // `rangeOfPort` indexes `components.string`, which may differ from `text` (re-encoded).
        let source = components.string ?? ""
        if let range = components.rangeOfPort, range.upperBound <= source.endIndex, !source[range].isEmpty {
            port = try Self.port(String(source[range]))
        } else if components.port != nil {
            // A port Foundation read but whose text it cannot show: refuse rather than guess.
            throw .malformedPort(String(describing: components.port))
        }
        self.host = try Self.checkedHost(rawHost)
        self.port = port
    }

    /// `HOST:PORT` or `[IPv6]:PORT` text, as `openssl s_client -connect` takes it.
    ///
    /// - Throws: ``EndpointError/missingPort``, ``EndpointError/malformedPort(_:)``,
    ///   ``EndpointError/portOutOfRange(_:)``, ``EndpointError/noHost`` or
    ///   ``EndpointError/malformedHost(reason:)`` (an IPv6 address without brackets among others).
    public init(parsing text: String) throws(EndpointError) {
        guard let colon = text.lastIndex(of: ":") else { throw .missingPort }
        let hostText = String(text[..<colon])
        let portText = String(text[text.index(after: colon)...])
        guard !portText.isEmpty else { throw .missingPort }
        let port = try Self.port(portText)
        if hostText.hasPrefix("[") || hostText.hasSuffix("]") {
            guard hostText.count > 2, hostText.hasPrefix("["), hostText.hasSuffix("]"),
                ATSHost(hostText).kind == .ipv6
            else { throw .malformedHost(reason: "brackets hold an IPv6 address, as in [::1]:443") }
        } else if hostText.contains(":") {
            throw .malformedHost(reason: "an IPv6 address goes in brackets, as in [::1]:443")
        }
        self.host = try Self.checkedHost(hostText)
        self.port = port
    }

    /// `host:port`, with brackets around an IPv6 address (`[::1]:8443`).
    public var description: String {
        host.kind == .ipv6 ? "[\(host.name)]:\(port)" : "\(host.name):\(port)"
    }

    /// `url` with its credentials (`user:password@`) replaced by `***@`, for messages: what a
    /// user typed can be quoted back without leaking a password. Without a scheme the text is
    /// read as an authority (`user:password@proxy:3128`, as curl takes proxies).
    ///
    /// ```swift
    /// Endpoint.redacting("https://u:p@host/")   // "https://***@host/"
    /// ```
    public static func redacting(_ url: String) -> String {
        let start = url.range(of: "://")?.upperBound ?? url.startIndex
        // The last `@` before any query or fragment: a password holding a raw `/` is hidden too
        // (a path's `@` is hidden with it, which only shortens a message).
        let authorityEnd = url[start...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let at = url[start..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<start]) + "***" + String(url[at...])
    }

    private static let ports = 1...65535

    /// A decimal port: ASCII digits only (no sign, no spaces, no full-width digits), 1…65535.
    private static func port(_ text: String) throws(EndpointError) -> Int {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .malformedPort(text) }
        let significant = text.drop { $0 == "0" }
        guard significant.count <= 5, let value = Int(significant.isEmpty ? "0" : String(significant)),
            ports.contains(value)
        else { throw .portOutOfRange(text) }
        return value
    }

    private static func checkedHost(_ raw: String) throws(EndpointError) -> ATSHost {
        guard !raw.isEmpty, raw != "[]" else { throw .noHost }
        for scalar in raw.unicodeScalars {
            if scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value) {
                throw .malformedHost(reason: "it contains a space or a control character")
            }
            if "/?#@\\".unicodeScalars.contains(scalar) {
                throw .malformedHost(reason: "it contains '\(scalar)'")
            }
        }
        let host = ATSHost(raw)
        guard !host.name.isEmpty else { throw .noHost }
        if host.kind == .dnsName && host.name.contains(":") {
            throw .malformedHost(reason: "it holds a ':' but is not an IPv6 address")
        }
        return host
    }
}
