import Foundation
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTrust
import Testing

@Suite("HTTPClient through proxies")
struct ProxyTests {
    func web() throws -> LabWebServerConfiguration { LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good)) }

    @Test("HTTPS goes through a CONNECT tunnel with credentials; trust and pins stay end to end")
    func tunnel() async throws {
        try await LabWebServer.withServer(try web()) { server in
            try await LabProxy.withProxy(mode: .tunnel, requiredCredentials: ("lab", "p@ss")) { proxy in
                let settings = try ProxySettings.fromEnvironment([
                    "https_proxy": "http://lab:p%40ss@127.0.0.1:\(proxy.port)"
                ])
                let client = try LabHTTP.client(pinning: [try LabHTTP.genuinePins()]) { $0.proxy = settings }
                defer { client.shutdown() }
                let (response, _) = try await client.get("https://localhost:\(server.port)/")
                #expect(response.status == 200)
                #expect(response.connection.proxy == "127.0.0.1:\(proxy.port)")
                #expect(proxy.connectTargets == ["localhost:\(server.port)"])
                let lab = try HTTPProxy(host: "127.0.0.1", port: proxy.port)
                let unauthenticated = try LabHTTP.client { $0.proxy = ProxySettings(https: lab) }
                let error = try #require(await LabHTTP.failure(unauthenticated, "https://localhost:\(server.port)/"))
                guard case .proxyRefused(_, let status, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(status == 407)
            }
        }
    }

    @Test("A TLS-intercepting proxy the client trusts reads the traffic without pins and is refused with them")
    func interception() async throws {
        let pki = try LabHTTP.pki
        try await LabWebServer.withServer(try web()) { server in
            let mode = LabProxyMode.intercept(presenting: try pki.chain(.rogue), upstreamRoots: [pki.root.certificate])
            try await LabProxy.withProxy(mode: mode) { proxy in
                let settings = ProxySettings(https: try HTTPProxy(host: "127.0.0.1", port: proxy.port))
                var request = HTTPRequest(url: LabHTTP.url("https://localhost:\(server.port)/echo"))
                request.headers.add(name: "Authorization", value: "Bearer intercepted-token")
                let open = try LabHTTP.client(extraRoots: [pki.rogueRoot.certificate]) { $0.proxy = settings }
                let response = try await open.execute(request)
                _ = try await response.body.collect()
                #expect(proxy.interceptedText.contains("Bearer intercepted-token"))
                let before = proxy.interceptedPlaintext.count
                let pinned = try LabHTTP.client(
                    pinning: [try LabHTTP.genuinePins()], extraRoots: [pki.rogueRoot.certificate]
                ) { $0.proxy = settings }
                let error = await LabHTTP.failure(pinned, "https://localhost:\(server.port)/echo")
                #expect(error?.pinMismatch != nil)
                #expect(proxy.interceptedPlaintext.count == before)
            }
        }
    }

    @Test("NO_PROXY matches names, subdomains, IPs, CIDR ranges and ports; * bypasses all")
    func noProxy() throws {
        let proxy = try HTTPProxy(host: "proxy.lab", port: 3128)
        let settings = ProxySettings(
            https: proxy, noProxy: ["internal.example", ".corp.example", "10.0.0.0/8", "api.example:8443"])
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "internal.example", port: 443)) == nil)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "a.b.corp.example", port: 443)) == nil)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "10.2.3.4", port: 443)) == nil)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "11.2.3.4", port: 443)) == proxy)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "api.example", port: 8443)) == nil)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "api.example", port: 443)) == proxy)
        #expect(settings.proxy(scheme: "https", to: try Endpoint(host: "notinternal.example", port: 443)) == proxy)
        #expect(settings.proxy(scheme: "http", to: try Endpoint(host: "anything", port: 80)) == nil)
        #expect(
            ProxySettings(https: proxy, noProxy: ["*"]).proxy(scheme: "https", to: try Endpoint(host: "x", port: 1))
                == nil)
        // An address is matched whole, as an address: never by a suffix of its digits.
        let addresses = ProxySettings(https: proxy, noProxy: ["0.0.1", "::1", "fd00::/8"])
        #expect(addresses.proxy(scheme: "https", to: try Endpoint(host: "10.0.0.1", port: 443)) == proxy)
        #expect(addresses.proxy(scheme: "https", to: try Endpoint(host: "[0:0::1]", port: 443)) == nil)
        #expect(addresses.proxy(scheme: "https", to: try Endpoint(host: "[FD12::5]", port: 443)) == nil)
        #expect(addresses.proxy(scheme: "https", to: try Endpoint(host: "[fe80::1]", port: 443)) == proxy)
        #expect(throws: HTTPClientError.self) { try HTTPProxy(url: "https://proxy.lab:443") }
        let parsed = try HTTPProxy(url: "http://user:secret@proxy.lab:8080")
        #expect(parsed.description == "proxy.lab:8080")
        #expect(!parsed.description.contains("secret"))
    }

    @Test("A proxy that refuses CONNECT is reported with its status")
    func refused() async throws {
        try await LabProxy.withProxy(mode: .refuse(status: 403)) { proxy in
            let lab = try HTTPProxy(host: "127.0.0.1", port: proxy.port)
            let client = try LabHTTP.client { $0.proxy = ProxySettings(https: lab) }
            let error = try #require(await LabHTTP.failure(client, "https://localhost:1/"))
            guard case .proxyRefused(_, 403, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("Cleartext (where ATS allows it) goes to http_proxy in absolute form with the proxy's credentials")
    func cleartextThroughProxy() async throws {
        try await LabWebServer.withServer(LabWebServerConfiguration()) { proxy in
            let settings = try ProxySettings.fromEnvironment([
                "http_proxy": "http://lab:secret@127.0.0.1:\(proxy.port)", "HTTP_PROXY": "http://ignored.invalid:1",
            ])
            let client = try LabHTTP.client(policy: ATSConfiguration(allowsArbitraryLoads: true)) {
                $0.proxy = settings
            }
            defer { client.shutdown() }
            let (response, _) = try await client.get("http://origin.invalid:8080/echo?q=1")
            #expect(response.status == 200)
            let seen = try #require(proxy.requests.last)
            #expect(seen.path == "http://origin.invalid:8080/echo?q=1")
            #expect(seen.header("Host") == "origin.invalid:8080")
            #expect(seen.header("Proxy-Authorization") == "Basic " + Data("lab:secret".utf8).base64EncodedString())
        }
    }
}
