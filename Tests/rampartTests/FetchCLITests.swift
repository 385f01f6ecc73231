import Foundation
import RampartTestKit
import RampartTestSupport
import RampartTrust
import Testing

@Suite("rampart fetch")
struct FetchCLITests {
    let pki: LabPKI
    let files: LabChainFiles
    /// Holds `files`; removed when the test ends.
    let scratch: ScratchFolder

    init() throws {
        pki = try LabPKI.shared()
        scratch = try ScratchFolder("rampart-fetch-cli")
        files = try pki.chain(.good).export(to: scratch.url)
    }

    func server(_ scenario: LabScenario = .good, response: LabResponse = LabResponse()) throws -> LabServerConfiguration
    {
        LabServerConfiguration(chain: try pki.chain(scenario), response: response)
    }

    @Test("fetches a body to standard output; -v shows the ATS decision, TLS version, cipher and the chain's pins")
    func fetchVerbose() async throws {
        try await LabServer.withServer(try server()) { server in
            let result = try await RampartBinary.run([
                "fetch", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--ca-only", "-v",
            ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText == "hello from the Rampart lab\n")
            let pin = try SPKIPin(certificate: pki.chain(.good).leaf.certificate)
            #expect(result.standardErrorText.contains("allowed by defaults"))
            #expect(result.standardErrorText.contains("TLSv1.3, TLS_"))
            #expect(result.standardErrorText.contains(pin.description))
            #expect(result.standardErrorText.contains("< HTTP/1.1 200 OK"))
        }
    }

    @Test("a wrong pin exits 1 and names the served pins; the right one (with a backup) passes")
    func pins() async throws {
        let genuine = try SPKIPin(certificate: pki.chain(.good).leaf.certificate)
        let other = try SPKIPin(certificate: pki.chain(.p384).leaf.certificate)
        try await LabServer.withServer(try server()) { server in
            let url = "https://localhost:\(server.port)/"
            let refused = try await RampartBinary.run([
                "fetch", url, "--ca", files.rootPEM.path, "--ca-only", "--pin", other.description,
            ])
            #expect(refused.exitCode == 1)
            #expect(refused.standardOutput.isEmpty)
            #expect(refused.standardErrorText.contains("Certificate pinning failure"))
            #expect(refused.standardErrorText.contains(genuine.description))
            let passed = try await RampartBinary.run([
                "fetch", url, "--ca", files.rootPEM.path, "--ca-only", "--pin", other.description, "--pin",
                genuine.description,
            ])
            #expect(passed.exitCode == 0, "\(passed.standardErrorText)")
            #expect(server.requestsServed == 1)
        }
    }

    @Test("cleartext and untrusted servers exit 1 with the reason; an unreachable port exits 74")
    func refusals() async throws {
        let cleartext = try await RampartBinary.run(["fetch", "http://127.0.0.1:9/"])
        #expect(cleartext.exitCode == 1)
        #expect(cleartext.standardErrorText.contains("cleartext"))
        try await LabServer.withServer(try server(.rogue)) { server in
            let rogue = try await RampartBinary.run([
                "fetch", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--ca-only",
            ])
            #expect(rogue.exitCode == 1)
            #expect(rogue.standardErrorText.contains("untrusted server localhost"))
        }
        let closed = try await RampartBinary.run(["fetch", "https://127.0.0.1:1/"])
        #expect(closed.exitCode == 74)
        #expect(closed.standardErrorText.contains("cannot connect to 127.0.0.1 port 1"))
    }

    @Test("--fail exits 22 on HTTP 404 without writing the body; without it the body is written")
    func failFlag() async throws {
        try await LabServer.withServer(try server(response: LabResponse(status: 404, body: "missing\n"))) { server in
            let url = "https://localhost:\(server.port)/"
            let failed = try await RampartBinary.run(["fetch", url, "--ca", files.rootPEM.path, "--fail"])
            #expect(failed.exitCode == 22)
            #expect(failed.standardOutput.isEmpty)
            let plain = try await RampartBinary.run(["fetch", url, "--ca", files.rootPEM.path])
            #expect(plain.exitCode == 0)
            #expect(plain.standardOutputText == "missing\n")
        }
    }

    @Test("-o writes the file only when complete, never over an existing one without --force")
    func outputFile() async throws {
        let folder = files.folder
        let target = folder.appendingPathComponent("body.txt")
        try await LabServer.withServer(try server()) { server in
            let url = "https://localhost:\(server.port)/"
            let first = try await RampartBinary.run(["fetch", url, "--ca", files.rootPEM.path, "-o", target.path])
            #expect(first.exitCode == 0, "\(first.standardErrorText)")
            #expect(try String(contentsOf: target, encoding: .utf8) == "hello from the Rampart lab\n")
            let again = try await RampartBinary.run(["fetch", url, "--ca", files.rootPEM.path, "-o", target.path])
            #expect(again.exitCode == 73)
            let forced = try await RampartBinary.run([
                "fetch", url, "--ca", files.rootPEM.path, "-o", target.path, "--force",
            ])
            #expect(forced.exitCode == 0)
        }
        let tooSmall = try await RampartBinary.run([
            "fetch", "https://127.0.0.1:1/", "-o", folder.appendingPathComponent("never.txt").path,
        ])
        #expect(tooSmall.exitCode == 74)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.txt").path))
    }

    @Test("usage errors exit 2, a missing -d file 66, a missing --ca file 66")
    func inputErrors() async throws {
        #expect(try await RampartBinary.run(["fetch", "not a url"]).exitCode == 2)
        #expect(try await RampartBinary.run(["fetch", "https://localhost/", "-H", "no colon"]).exitCode == 2)
        #expect(
            try await RampartBinary.run(["fetch", "https://localhost/", "-d", "@/nonexistent/body"]).exitCode == 66)
        #expect(
            try await RampartBinary.run(["fetch", "https://localhost/", "--ca", "/nonexistent/ca.pem"]).exitCode == 66)
        #expect(try await RampartBinary.run(["fetch", "https://localhost/", "--pin", "sha256/short"]).exitCode == 2)
    }
}
