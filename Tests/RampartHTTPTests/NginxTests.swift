import Foundation
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import Testing

/// The client against a real nginx: keep-alive, static files, redirects.
@Suite("HTTPClient against nginx")
struct NginxTests {
    @Test("Keep-alive over one connection, a 16 MiB file intact, a redirect to HTTP blocked, 404 surfaced")
    func nginx() async throws {
        let pki = try LabHTTP.pki
        try await NginxServer.withServer(NginxServerConfiguration(chain: try pki.chain(.good))) { nginx in
            let client = try LabHTTP.client()
            defer { client.shutdown() }
            var reused = 0
            for _ in 0..<20 {
                let (response, body) = try await client.get(nginx.httpsURL + "/")
                #expect(String(decoding: body, as: UTF8.self) == "hello from nginx\n")
                if response.connection.reused { reused += 1 }
            }
            #expect(reused == 19)
            let (file, bytes) = try await client.get(nginx.httpsURL + "/files/16m.bin")
            #expect(file.status == 200)
            #expect(bytes.count == 16 << 20)
            #expect(bytes.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
            let (redirected, _) = try await client.get(nginx.httpsURL + "/redirect")
            #expect(redirected.status == 200)
            #expect(redirected.hops.count == 2)
            let downgrade = try #require(await LabHTTP.failure(client, nginx.httpsURL + "/redirect-to-http"))
            guard case .insecureRedirect = downgrade else {
                Issue.record("unexpected \(downgrade)")
                return
            }
            let (missing, _) = try await client.get(nginx.httpsURL + "/status/404")
            #expect(missing.status == 404)
        }
    }
}
