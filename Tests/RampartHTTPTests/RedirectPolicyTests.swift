import Foundation
import NIOHTTP1
import RampartHTTP
import Testing

/// The redirect rules alone, without a socket: which hops are followed, what they carry.
@Suite("RedirectPolicy")
struct RedirectPolicyTests {
    let policy = RedirectPolicy()

    func request(_ url: String, _ method: HTTPMethod = .GET, body: HTTPRequestBody? = nil) -> HTTPRequest {
        var request = HTTPRequest(url: LabHTTP.url(url), method: method, body: body)
        request.headers.add(name: "Authorization", value: "Bearer token")
        request.headers.add(name: "Cookie", value: "session=1")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "X-Trace", value: "7")
        return request
    }

    @Test("HTTPS → HTTP is refused, for every redirect status")
    func downgrade() throws {
        for status in [301, 302, 303, 307, 308] {
            #expect(throws: HTTPClientError.self) {
                try policy.nextHop(
                    after: request("https://a.example/x"), status: status, location: "http://a.example/x")
            }
        }
        let upgrade = try policy.nextHop(
            after: request("http://a.example/"), status: 301, location: "https://a.example/")
        #expect(upgrade?.url.absoluteString == "https://a.example/")
    }

    @Test("credentials stay on the same origin and are dropped when scheme, host or port change")
    func credentials() throws {
        let same = try #require(try policy.nextHop(after: request("https://a.example/x"), status: 302, location: "/y"))
        #expect(same.url.absoluteString == "https://a.example/y")
        #expect(same.headers["Authorization"] == ["Bearer token"])
        #expect(same.headers["Cookie"] == ["session=1"])
        let explicitPort = try policy.nextHop(
            after: request("https://a.example/x"), status: 302, location: "https://a.example:443/y")
        #expect(explicitPort?.headers["Authorization"] == ["Bearer token"])
        for elsewhere in ["https://b.example/", "https://a.example:8443/", "https://sub.a.example/"] {
            let hop = try #require(
                try policy.nextHop(after: request("https://a.example/x"), status: 307, location: elsewhere))
            #expect(hop.headers["Authorization"].isEmpty, "\(elsewhere)")
            #expect(hop.headers["Cookie"].isEmpty, "\(elsewhere)")
            #expect(hop.headers["X-Trace"] == ["7"])
        }
    }

    @Test("303 (and 301/302 after POST) become GET without body; 307/308 repeat method and body")
    func methods() throws {
        let post = request("https://a.example/form", .POST, body: .bytes(Array("a=1".utf8)))
        for status in [301, 302, 303] {
            let hop = try #require(try policy.nextHop(after: post, status: status, location: "/done"))
            #expect(hop.method == .GET)
            #expect(hop.body == nil)
            #expect(hop.headers["Content-Type"].isEmpty)
        }
        for status in [307, 308] {
            let hop = try #require(try policy.nextHop(after: post, status: status, location: "/again"))
            #expect(hop.method == .POST)
            #expect(hop.body?.length == 3)
            #expect(hop.headers["Content-Type"] == ["application/json"])
        }
        let head = try policy.nextHop(after: request("https://a.example/", .HEAD), status: 302, location: "/b")
        #expect(head?.method == .HEAD)
    }

    @Test("no Location or no redirect status: the response is the answer; a Location that is not a URL is an error")
    func answers() throws {
        #expect(try policy.nextHop(after: request("https://a.example/"), status: 302, location: nil) == nil)
        #expect(try policy.nextHop(after: request("https://a.example/"), status: 200, location: "/x") == nil)
        #expect(try policy.nextHop(after: request("https://a.example/"), status: 304, location: "/x") == nil)
        do {
            _ = try policy.nextHop(after: request("https://a.example/"), status: 302, location: "http://[::1")
            Issue.record("an unparseable Location was followed")
        } catch {
            guard case .malformedResponse(let endpoint, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(endpoint.host.name == "a.example" && endpoint.port == 443)
            #expect(detail.contains("Location header is not a URL"))
        }
    }
}
