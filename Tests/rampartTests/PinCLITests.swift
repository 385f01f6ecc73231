import Foundation
import RampartTestKit
import Testing

@Suite("rampart pin")
struct PinCLITests {
    func exported(_ scenario: LabScenario) throws -> LabChainFiles {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rampart-pin-cli-\(UUID().uuidString)")
        return try LabPKI.shared().chain(scenario).export(to: folder)
    }

    @Test("prints each certificate of a PEM chain with its SPKI pin, as openssl computes it")
    func text() async throws {
        let files = try exported(.good)
        let result = try await RampartBinary.run(["pin", files.chainPEM.path])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let out = result.standardOutputText
        #expect(out.contains("[0] CN=Rampart Lab good leaf"))
        #expect(out.contains("[1] CN=Rampart Lab Intermediate CA,O=Rampart Lab (CA)"))
        #expect(out.contains("key:        EC P-256 256 bits"))
        let pipeline =
            "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let openssl = try await PeerProcess.runAsync("sh", ["-c", pipeline, "sh", files.leafPEM.path])
        #expect(
            out.contains(
                "SPKI pin:   sha256/" + openssl.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("reads DER files and standard input; --format json lists summaries")
    func jsonAndStdin() async throws {
        let files = try exported(.ed25519)
        let der = try await RampartBinary.run(["pin", files.leafDER.path, "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: der.standardOutput) as? [[String: Any]])
        #expect(list.first?["keyType"] as? String == "Ed25519")
        let stdin = try await RampartBinary.run(["pin", "-"], input: try Data(contentsOf: files.chainPEM))
        #expect(stdin.exitCode == 0)
        #expect(stdin.standardOutputText.contains("[1] "))
    }

    @Test("--format plist prints an NSPinnedDomains entry that rampart ats reads without findings on its pins")
    func plistRoundTrip() async throws {
        let files = try exported(.good)
        let plist = try await RampartBinary.run([
            "pin", files.chainPEM.path, "--format", "plist", "--domain", "api.example.com",
        ])
        #expect(plist.exitCode == 0)
        let path = files.folder.appendingPathComponent("Pinned.plist")
        try plist.standardOutput.write(to: path)
        let check = try await RampartBinary.run([
            "ats", "check", path.path, "https://api.example.com/", "--format", "json",
        ])
        #expect(check.exitCode == 0, "\(check.standardErrorText)")
        #expect(check.standardOutputText.contains("\"leafPins\""))
        let audit = try await RampartBinary.run(["ats", "audit", path.path, "--format", "json", "--fail-on", "info"])
        #expect(!audit.standardOutputText.contains("ATS022"), "an exported pin was invalid")
        let trustKit = try await RampartBinary.run(["pin", files.chainPEM.path, "--format", "trustkit"])
        #expect(trustKit.standardOutputText.contains("<key>localhost</key>"))
        #expect(trustKit.standardOutputText.contains("TSKPublicKeyHashes"))
    }

    @Test("garbage exits 65, a missing file 66, with the path in the message")
    func errors() async throws {
        let files = try exported(.good)
        let garbage = files.folder.appendingPathComponent("garbage.pem")
        try Data("-----BEGIN CERTIFICATE-----\n%%%\n-----END CERTIFICATE-----\n".utf8).write(to: garbage)
        let bad = try await RampartBinary.run(["pin", garbage.path])
        #expect(bad.exitCode == 65)
        #expect(bad.standardErrorText.contains(garbage.path))
        let truncated = files.folder.appendingPathComponent("cut.der")
        try Data(contentsOf: files.leafDER).prefix(100).write(to: truncated)
        #expect(try await RampartBinary.run(["pin", truncated.path]).exitCode == 65)
        let missing = try await RampartBinary.run(["pin", files.folder.appendingPathComponent("nope.pem").path])
        #expect(missing.exitCode == 66)
        #expect(missing.standardOutput.isEmpty)
    }
}

extension PinCLITests {
    @Test("HOST:PORT shows the chain a live server sends; a closed port exits 74")
    func live() async throws {
        let chain = try LabPKI.shared().chain(.good)
        let output = try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await RampartBinary.run(["pin", "127.0.0.1:\(server.port)", "--server-name", "localhost"])
        }
        #expect(output.exitCode == 0, "\(output.standardErrorText)")
        #expect(output.standardOutputText.contains("[0] CN=Rampart Lab good leaf"))
        #expect(output.standardOutputText.contains("[1] CN=Rampart Lab Intermediate CA"))
        let server = try await LabServer.start(LabServerConfiguration(chain: chain))
        let port = server.port
        try await server.stop()
        let closed = try await RampartBinary.run(["pin", "127.0.0.1:\(port)"])
        #expect(closed.exitCode == 74)
        #expect(closed.standardErrorText.contains("cannot connect to 127.0.0.1:\(port)"))
    }
}
