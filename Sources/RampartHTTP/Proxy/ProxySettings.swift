import Foundation
import RampartPolicy

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
/// let proxy = settings.proxy(scheme: "https", to: try Endpoint(host: "api.example.com", port: 443))
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

    /// The proxy for a request to `endpoint` over `scheme`, or `nil` to connect directly.
    public func proxy(scheme: String, to endpoint: Endpoint) -> HTTPProxy? {
        guard let proxy = scheme == "https" ? https : http else { return nil }
        for entry in noProxy where Self.matches(entry, host: endpoint.host, port: endpoint.port) { return nil }
        return proxy
    }

    static func matches(_ entry: String, host: ATSHost, port: Int) -> Bool {
        if entry == "*" { return true }
        var name = entry
        if let colon = entry.lastIndex(of: ":"), !entry.hasSuffix("]"), entry.filter({ $0 == ":" }).count == 1 {
            guard Int(entry[entry.index(after: colon)...]) == port else { return false }
            name = String(entry[..<colon])
        }
        name = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name.hasPrefix(".") { name.removeFirst() }
        if name.hasSuffix(".") { name.removeLast() }
        if name.contains("/") {
            return CIDRRange(name)?.contains(host) ?? false
        }
        // An IP address matches only itself: `0.1` must not cover `10.0.0.1`.
        if host.kind != .dnsName {
            let entry = ATSHost(name)
            return entry.kind == host.kind && entry.addressBytes == host.addressBytes
        }
        return host.name == name || host.name.hasSuffix("." + name)
    }
}
