import Foundation
import NIOHTTP1
import NIOSSL
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust

/// Chapter: the hardened client on real sockets. A TLS-intercepting proxy whose CA the device
/// trusts reads a request when only validation stands in the way, and is refused once the host is
/// pinned; cleartext, TLS 1.0, a server without forward secrecy and a redirect to HTTP are each
/// blocked with the rule that stopped them.
struct HardenedClientChapter: DemoChapter {
    let title = "The hardened HTTPS client: a MITM proxy, weak servers and downgrades"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let pki = lab.pki
        return try await LabWebServer.withServer(LabWebServerConfiguration(chain: try pki.chain(.good))) { server in
            let url = "https://localhost:\(server.port)/echo"
            var steps: [DemoStep] = []
            for pinned in [false, true] {
                steps.append(try await throughInterceptingProxy(url: url, pinned: pinned, pki: pki))
            }
            steps.append(
                await attempt(
                    "A cleartext URL", url: "http://localhost:\(server.port)/", expected: .blocked,
                    client: try Self.client(pki)))
            steps.append(
                try await LabServer.withServer(
                    LabServerConfiguration(
                        chain: try pki.chain(.good), minimumTLSVersion: .tlsv1, maximumTLSVersion: .tlsv1)
                ) { legacy in
                    await attempt(
                        "A server that speaks only TLS 1.0", url: "https://localhost:\(legacy.port)/",
                        expected: .blocked, client: try Self.client(pki))
                })
            steps.append(
                try await LabServer.withServer(
                    LabServerConfiguration(
                        chain: try pki.chain(.rsa2048), maximumTLSVersion: .tlsv12,
                        tls12CipherSuites: [.TLS_RSA_WITH_AES_128_GCM_SHA256, .TLS_RSA_WITH_AES_256_GCM_SHA384])
                ) { noForwardSecrecy in
                    await attempt(
                        "A server without forward secrecy (RSA key exchange only)",
                        url: "https://localhost:\(noForwardSecrecy.port)/", expected: .blocked,
                        client: try Self.client(pki))
                })
            // The redirect target, percent-encoded as a query value (":" and "/" escaped).
            let target = "http%3A%2F%2Flocalhost%3A\(server.port)%2F"
            steps.append(
                await attempt(
                    "A redirect from HTTPS to HTTP", url: "https://localhost:\(server.port)/redirect/302?to=\(target)",
                    expected: .blocked, client: try Self.client(pki)))
            return steps
        }
    }

    /// The device trusts the lab root and the proxy's own CA (a corporate or hostile proxy).
    static func client(_ pki: LabPKI, pinned: Bool = false, proxy: HTTPProxy? = nil) throws -> HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeouts = HTTPTimeouts(all: .seconds(60))  // a busy machine must not fail the demo
        configuration.anchors = .only([pki.root.certificate, pki.rogueRoot.certificate])
        if pinned { configuration.pinning = [try pki.pinnedLabHost()] }
        if let proxy { configuration.proxy = ProxySettings(https: proxy) }
        return try HTTPClient(configuration: configuration)
    }

    private func throughInterceptingProxy(url: String, pinned: Bool, pki: LabPKI) async throws -> DemoStep {
        let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
        return try await LabProxy.withProxy(mode: mode) { proxy in
            let client = try Self.client(pki, pinned: pinned, proxy: HTTPProxy(host: proxy.host, port: proxy.port))
            var step = await attempt(
                pinned
                    ? "The same proxy, with the host pinned"
                    : "Through a TLS-intercepting proxy the device trusts, no pins",
                url: url, expected: pinned ? .blocked : .allowed, client: client,
                headers: [("Authorization", "Bearer demo-secret-token")])
            let saw = proxy.interceptedText.contains("demo-secret-token")
            step.details.append(
                saw
                    ? "the proxy read the request, token included: validation alone cannot tell it from the server"
                    : "the proxy read nothing: the handshake stopped at its certificate")
            if saw == pinned { step.observed = step.expected == .allowed ? .blocked : .allowed }
            return step
        }
    }

    private func attempt(
        _ title: String, url: String, expected: DemoStep.Outcome, client: HTTPClient, headers: [(String, String)] = []
    ) async -> DemoStep {
        defer { client.shutdown() }
        var details = ["GET \(url)"]
        guard let parsed = URL(string: url) else {
            return DemoStep(title: title, expected: expected, observed: .allowed, details: ["bad URL \(url)"])
        }
        var request = HTTPRequest(url: parsed)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        do {
            let response = try await client.execute(request)
            await response.body.discard()
            let tls = response.connection.tlsVersion.map { "\($0), \(response.connection.cipherSuite ?? "-")" }
            details.append("HTTP \(response.status) over \(tls ?? "cleartext")")
            return DemoStep(title: title, expected: expected, observed: .allowed, details: details)
        } catch {
            details += error.description.split(separator: "\n").map(String.init)
            return DemoStep(
                title: title, expected: expected, observed: error.isPolicyOrTrust ? .blocked : .allowed,
                details: details)
        }
    }
}
