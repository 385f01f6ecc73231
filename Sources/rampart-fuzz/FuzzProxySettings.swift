// Fuzzes proxy configuration: `ProxySettings.fromEnvironment` with fuzzed `https_proxy`,
// `http_proxy` and `no_proxy` values, then `proxy(scheme:host:port:)` lookups of a fuzzed host.
import Foundation
import RampartHTTP
import RampartPolicy

enum FuzzProxySettings {
    static let target = FuzzTarget(
        name: "proxy-settings", maxLength: 1024,
        summary: "ProxySettings/HTTPProxy: lines https_proxy, http_proxy, no_proxy, host, port", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        func line(_ index: Int) -> String { index < lines.count ? lines[index] : "" }
        let environment = ["https_proxy": line(0), "http_proxy": line(1), "no_proxy": line(2)]
        for value in [line(0), line(1)] {
            guard let proxy = try? HTTPProxy(url: value) else { continue }
            // Credentials never appear in the proxy's description: it is built from host and port only.
            let hostPort = proxy.host.contains(":") ? "[\(proxy.host)]:\(proxy.port)" : "\(proxy.host):\(proxy.port)"
            FuzzCheck.require(proxy.description == hostPort, name, "a proxy's description is not its host and port")
            // A port NIO cannot dial (it traps on ports outside 1…65535) is refused by the parser.
            FuzzCheck.require(
                (1...65535).contains(proxy.port), name, "a proxy URL with port \(proxy.port) was accepted")
        }
        guard let settings = try? ProxySettings.fromEnvironment(environment) else { return }
        guard let endpoint = try? Endpoint(host: line(3), port: Int(line(4)) ?? 443) else { return }
        for scheme in ["https", "http"] {
            let chosen = settings.proxy(scheme: scheme, to: endpoint)
            FuzzCheck.require(
                chosen == nil || chosen == (scheme == "https" ? settings.https : settings.http), name,
                "the lookup returned a proxy for the other scheme")
            FuzzCheck.require(
                chosen == settings.proxy(scheme: scheme, to: endpoint), name, "lookups are not deterministic")
            if settings.noProxy.contains("*") {
                FuzzCheck.require(chosen == nil, name, "no_proxy '*' did not bypass the proxy")
            }
        }
    }
}
