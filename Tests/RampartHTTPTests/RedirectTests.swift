import Foundation
import NIOHTTP1
import RampartHTTP
import RampartPolicy
import RampartTestKit
import Testing

@Suite("HTTPClient redirects")
struct RedirectTests {
    func web() throws -> LabWebServerConfiguration { LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good)) }

    func encoded(_ url: String) -> String { url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url }

    @Test("Relative redirects are followed hop by hop, each with its ATS decision; the hop limit stops loops")
    func chain() async throws {
        try await LabWebServer.withServer(try web()) { server in
            let base = "https://localhost:\(server.port)"
            let client = try LabHTTP.client()
            defer { client.shutdown() }
            let (response, body) = try await client.get(base + "/redirect-chain/3")
            #expect(String(decoding: body, as: UTF8.self) == "end of chain\n")
            #expect(response.hops.count == 4)
            #expect(response.decisions.count == 4)
            #expect(response.url.path == "/redirect-chain/0")
            let limited = try LabHTTP.client { $0.limits.maxRedirects = 2 }
            let error = try #require(await LabHTTP.failure(limited, base + "/redirect-chain/3"))
            guard case .tooManyRedirects(let limit, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(limit == 2)
        }
    }

    @Test("An HTTPS → HTTP redirect is blocked even when ATS allows cleartext")
    func downgrade() async throws {
        try await LabWebServer.withServer(try web()) { server in
            let target = encoded("http://localhost:\(server.port)/")
            let client = try LabHTTP.client(policy: ATSConfiguration(allowsArbitraryLoads: true))
            let error = try #require(
                await LabHTTP.failure(client, "https://localhost:\(server.port)/redirect/302?to=\(target)"))
            guard case .insecureRedirect = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.isPolicyOrTrust)
            #expect(server.requestsServed == 1)
        }
    }

    @Test("Authorization and Cookie go to the same origin and are dropped when the redirect leaves it")
    func credentialsAcrossOrigins() async throws {
        try await LabWebServer.withServer(try web()) { first in
            try await LabWebServer.withServer(try web()) { second in
                let client = try LabHTTP.client()
                defer { client.shutdown() }
                for (target, keeps) in [
                    ("https://localhost:\(first.port)/echo", true), ("https://localhost:\(second.port)/echo", false),
                ] {
                    var request = HTTPRequest(
                        url: LabHTTP.url("https://localhost:\(first.port)/redirect/307?to=\(encoded(target))"))
                    request.headers.add(name: "Authorization", value: "Bearer lab-token")
                    request.headers.add(name: "Cookie", value: "session=lab")
                    let response = try await client.execute(request)
                    let echoed = String(decoding: try await response.body.collect(), as: UTF8.self)
                    #expect(echoed.contains("Bearer lab-token") == keeps)
                    #expect(echoed.contains("session=lab") == keeps)
                }
            }
        }
    }

    @Test("303 turns a POST into a GET without its body; 307 repeats the POST with its body")
    func methods() async throws {
        try await LabWebServer.withServer(try web()) { server in
            let client = try LabHTTP.client()
            defer { client.shutdown() }
            let echo = encoded("https://localhost:\(server.port)/echo")
            for (status, method) in [(303, "GET"), (307, "POST")] {
                let request = HTTPRequest(
                    url: LabHTTP.url("https://localhost:\(server.port)/redirect/\(status)?to=\(echo)"), method: .POST,
                    body: .bytes(Array("form=1".utf8)))
                let response = try await client.execute(request)
                let echoed = String(decoding: try await response.body.collect(), as: UTF8.self)
                #expect(echoed.hasPrefix("\(method) /echo"))
                #expect(echoed.hasSuffix("form=1") == (method == "POST"))
            }
        }
    }
}
