import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("nginx peer")
struct NginxServerTests {
    /// Whether a process with this id still exists (a zombie would count: it must be reaped too).
    func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    func configuration() throws -> NginxServerConfiguration {
        NginxServerConfiguration(chain: try LabPKI.shared().chain(.good))
    }

    @Test("serves / over TLS (verified against the lab root) and in cleartext, then leaves no process")
    func serves() async throws {
        let root = try Curl.exportRoot()
        let pid = try await NginxServer.withServer(try configuration()) { nginx in
            #expect(nginx.isRunning)
            let tls = try await Curl.run(["--cacert", root.rootPEM.path, nginx.httpsURL + "/"])
            #expect(tls.exitCode == 0, "\(tls.errors)")
            #expect(tls.output == "hello from nginx\n")
            let byName = try await Curl.run([
                "--cacert", root.rootPEM.path, "--resolve", "localhost:\(nginx.tlsPort):127.0.0.1",
                "https://localhost:\(nginx.tlsPort)/",
            ])
            #expect(byName.output == "hello from nginx\n", "\(byName.errors)")
            let clear = try await Curl.run([nginx.httpURL + "/"])
            #expect(clear.output == "hello from nginx\n", "\(clear.errors)")
            return nginx.processIdentifier
        }
        #expect(!exists(pid), "nginx \(pid) outlived withServer")
    }

    @Test("a 1 MiB static file arrives intact (SHA-256), over TLS and cleartext")
    func files() async throws {
        let root = try Curl.exportRoot()
        let expected = LabPattern.sha256Hex(count: 1 << 20)
        let scratch = try ScratchFolder("rampart-nginx-downloads")
        try await NginxServer.withServer(try configuration()) { nginx in
            for url in [nginx.httpsURL, nginx.httpURL] {
                let file = scratch.url("download.bin")
                let outcome = try await Curl.run([
                    "--cacert", root.rootPEM.path, "-o", file.path, url + "/files/1m.bin",
                ])
                #expect(outcome.exitCode == 0, "\(outcome.errors)")
                let digest = try await PeerProcess.runAsync("sha256sum", [file.path])
                #expect(digest.standardOutputText.hasPrefix(expected + " "), "\(digest.standardOutputText)")
            }
            let sizes = try await Curl.run([
                "--cacert", root.rootPEM.path, "-o", "/dev/null", "-o", "/dev/null", "-w", "%{size_download} ",
                nginx.httpsURL + "/files/1k.bin", nginx.httpsURL + "/files/16m.bin",
            ])
            #expect(sizes.output == "1024 16777216 ", "\(sizes.errors)")
        }
    }

    @Test("redirects and 404")
    func statuses() async throws {
        let root = try Curl.exportRoot()
        try await NginxServer.withServer(try configuration()) { nginx in
            let write = ["--cacert", root.rootPEM.path, "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}"]
            let moved = try await Curl.run(write + [nginx.httpsURL + "/redirect"])
            #expect(moved.output == "301 \(nginx.httpsURL)/", "\(moved.errors)")
            let downgrade = try await Curl.run(write + [nginx.httpsURL + "/redirect-to-http"])
            #expect(downgrade.output == "302 \(nginx.httpURL)/", "\(downgrade.errors)")
            let missing = try await Curl.run(write + [nginx.httpURL + "/status/404"])
            #expect(missing.output == "404 ", "\(missing.errors)")
        }
    }

    @Test("TLS 1.3 only: a TLS 1.2-capped client is refused")
    func protocols() async throws {
        let root = try Curl.exportRoot()
        var configuration = try configuration()
        configuration.tlsProtocols = "TLSv1.3"
        try await NginxServer.withServer(configuration) { nginx in
            let capped = try await Curl.run(["--cacert", root.rootPEM.path, "--tls-max", "1.2", nginx.httpsURL + "/"])
            #expect(capped.exitCode == 35, "\(capped.errors)")
            let modern = try await Curl.run(["--cacert", root.rootPEM.path, nginx.httpsURL + "/"])
            #expect(modern.exitCode == 0, "\(modern.errors)")
        }
    }

    @Test("stop() ends the process and is safe to call twice")
    func stop() async throws {
        let nginx = try await NginxServer.start(try configuration())
        let pid = nginx.processIdentifier
        #expect(exists(pid))
        await nginx.stop()
        await nginx.stop()
        #expect(!exists(pid), "nginx \(pid) outlived stop()")
        #expect(!nginx.isRunning)
        let after = try await Curl.run([nginx.httpURL + "/"])
        #expect(after.exitCode == 7, "\(after.errors)")
    }
}
