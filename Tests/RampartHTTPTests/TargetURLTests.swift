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
}
