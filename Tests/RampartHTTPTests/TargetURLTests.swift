import Foundation
import RampartHTTP
import RampartTestKit
import Testing

/// The client connects only to the port a URL names: one outside 1…65535 is refused before any
/// connection (never wrapped onto another port, never dropped to the scheme's default), and a
/// URL's credentials never reach an error message.
@Suite("Client URL targets")
struct TargetURLTests {
    @Test("a wrapped port (P + 65536) is refused while a server listens on P")
    func wrappedPort() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabServer.withServer(LabServerConfiguration(chain: try LabPKI.shared().chain(.good))) { server in
            let failure = await LabHTTP.failure(client, "https://localhost:\(server.port + 65536)/")
            guard case .invalidURL(_, let reason)? = failure else {
                Issue.record("the request went somewhere: \(String(describing: failure))")
                return
            }
            #expect(reason.contains("port \(server.port + 65536) is out of range"))
            #expect(server.requestsServed == 0)
        }
    }

    @Test(
        "2^64 + 1, 0 and 65536 are refused as written, not dialled at the scheme's default port",
        arguments: ["18446744073709551617", "0", "65536", "4294967297"])
    func outOfRange(port: String) async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        let failure = await LabHTTP.failure(client, "https://127.0.0.1:\(port)/")
        guard case .invalidURL(_, let reason)? = failure else {
            Issue.record("not refused as a URL: \(String(describing: failure))")
            return
        }
        #expect(reason.contains("port \(port) is out of range"))
    }

    @Test("credentials in a URL are refused and never quoted back")
    func credentials() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        for url in ["https://user:hunter2@127.0.0.1:1/", "ftp://user:hunter2@127.0.0.1/"] {
            let failure = try #require(await LabHTTP.failure(client, url))
            guard case .invalidURL(let shown, _) = failure else {
                Issue.record("\(url): \(failure)")
                continue
            }
            #expect(!shown.contains("hunter2") && !failure.description.contains("hunter2"), "\(failure)")
        }
    }

    @Test("the same relative URL against two bases reaches each base's server, asked again and again")
    func relativeURLsKeepTheirBase() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        let configuration = LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good))
        try await LabWebServer.withServer(configuration) { first in
            try await LabWebServer.withServer(configuration) { second in
                let urls = try [first, second].map { server in
                    try #require(
                        URL(string: "/same/path?q=1", relativeTo: URL(string: "https://localhost:\(server.port)/")))
                }
                for url in urls + urls + urls {
                    let response = try await client.execute(HTTPRequest(url: url))
                    _ = try await response.body.collect()
                    #expect(response.status == 200)
                }
                #expect(first.requestsServed == 3 && second.requestsServed == 3)
                #expect((first.requests + second.requests).allSatisfy { $0.path == "/same/path?q=1" })
            }
        }
    }

    @Test("a URL refused once is refused every time it is asked, after URLs that were accepted")
    func refusedAgain() async throws {
        let client = try LabHTTP.client()
        defer { client.shutdown() }
        try await LabWebServer.withServer(LabWebServerConfiguration(chain: try LabHTTP.pki.chain(.good))) { server in
            let good = "https://localhost:\(server.port)/"
            let wrapped = "https://localhost:\(server.port + 65536)/"
            for url in [good, wrapped, good, wrapped] {
                let failure = await LabHTTP.failure(client, url)
                if url == good {
                    #expect(failure == nil, "\(String(describing: failure))")
                } else {
                    guard case .invalidURL(_, let reason)? = failure else {
                        Issue.record("the request went somewhere: \(String(describing: failure))")
                        continue
                    }
                    #expect(reason.contains("out of range"))
                }
            }
            #expect(server.requestsServed == 2)
        }
    }
}
