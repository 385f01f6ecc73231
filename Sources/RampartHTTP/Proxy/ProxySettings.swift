import Foundation

/// Which proxy, if any, carries a request: the `https_proxy`/`HTTPS_PROXY`, `http_proxy` and
/// `no_proxy`/`NO_PROXY` conventions curl follows.
///
/// `NO_PROXY` is a comma-separated list of host names (each also covering its subdomains; a
/// leading dot is allowed), IP addresses, CIDR ranges, `host:port` entries, or `*` for all.
/// Like curl, the upper-case `HTTP_PROXY` is ignored (it can be set by a web request's `Proxy:`
/// header in CGI programs).
///
/// ```swift
/// let settings = try ProxySettings.fromEnvironment()
/// let proxy = settings.proxy(scheme: "https", host: "api.example.com", port: 443)
/// ```
public struct ProxySettings: Sendable, Hashable {
    public var https: HTTPProxy?
    public var http: HTTPProxy?
    public var noProxy: [String]

    public init(https: HTTPProxy? = nil, http: HTTPProxy? = nil, noProxy: [String] = []) {
        self.https = https
        self.http = http
        self.noProxy = noProxy.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// No proxy at all.
    public static let direct = ProxySettings()

    /// Reads the proxy variables from `environment` (the process's by default).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(HTTPClientError) -> ProxySettings
    {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let https = try value("https_proxy", "HTTPS_PROXY").map { text throws(HTTPClientError) in
            try HTTPProxy(url: text)
        }
        let http = try value("http_proxy").map { text throws(HTTPClientError) in try HTTPProxy(url: text) }
        let noProxy = value("no_proxy", "NO_PROXY")?.split(separator: ",").map(String.init) ?? []
        return ProxySettings(https: https, http: http, noProxy: noProxy)
    }

    /// The proxy for a request, or `nil` to connect directly.
    public func proxy(scheme: String, host rawHost: String, port: Int) -> HTTPProxy? {
        guard let proxy = scheme == "https" ? https : http else { return nil }
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        for entry in noProxy where Self.matches(entry, host: host, port: port) { return nil }
        return proxy
    }

    static func matches(_ entry: String, host: String, port: Int) -> Bool {
        if entry == "*" { return true }
        var name = entry
        if let colon = entry.lastIndex(of: ":"), !entry.hasSuffix("]"), entry.filter({ $0 == ":" }).count == 1 {
            guard Int(entry[entry.index(after: colon)...]) == port else { return false }
            name = String(entry[..<colon])
        }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name.hasPrefix(".") { name.removeFirst() }
        if name.hasSuffix(".") { name.removeLast() }
        if let slash = name.firstIndex(of: "/") {
            guard let bits = Int(name[name.index(after: slash)...]),
                let network = IPAddressBytes.parse(String(name[..<slash])),
                let address = IPAddressBytes.parse(host), network.count == address.count
            else { return false }
            return IPAddressBytes.prefix(network, address, bits: bits)
        }
        return host == name || host.hasSuffix("." + name)
    }
}

/// IPv4 and IPv6 literals as bytes, for `NO_PROXY` ranges.
enum IPAddressBytes {
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    static func prefix(_ network: [UInt8], _ address: [UInt8], bits: Int) -> Bool {
        guard bits >= 0, bits <= network.count * 8 else { return false }
        var remaining = bits
        for (a, b) in zip(network, address) where remaining > 0 {
            let take = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if a & mask != b & mask { return false }
            remaining -= take
        }
        return true
    }
}
