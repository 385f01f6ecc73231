import Foundation
import NIOCore
import NIOPosix
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("rampart pin")
struct PinCLITests {
    func exported(_ scenario: LabScenario) throws -> LabChainFiles {
        try LabPKI.shared().chain(scenario).export(to: try ScratchFolder.shared().subfolder("pin-cli"))
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
        // The validity, in RFC 3339 UTC, is the one openssl reads from the certificate.
        let dates = try await PeerProcess.runAsync(
            "openssl", ["x509", "-in", files.leafPEM.path, "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601"])
        let values = dates.standardOutputText.split(separator: "\n").compactMap { line in
            line.split(separator: "=", maxSplits: 1).last.map { $0.replacingOccurrences(of: " ", with: "T") }
        }
        try #require(values.count == 2, "\(dates.standardOutputText)")
        #expect(out.contains("validity:   \(values[0]) … \(values[1])"), "\(out)")
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

/// Certificates swift-certificates does not decode, made by the real `openssl`.
extension PinCLITests {
    /// A self-signed certificate with a `key` (`rsa:BITS`, `dsa:BITS`, `ec:CURVE`, `ed448`) and
    /// openssl's own SPKI pin of it.
    func legacyCertificate(key: String) async throws -> (pem: URL, pin: String) {
        let folder = try ScratchFolder.shared().subfolder("pin-legacy")
        let pem = folder.appendingPathComponent("cert.pem")
        var newKey = ["-newkey", key]
        if key.hasPrefix("ec:") {
            newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:" + key.dropFirst(3)]
        } else if key.hasPrefix("dsa:") {
            let parameters = folder.appendingPathComponent("dsa.pem").path
            let made = try await PeerProcess.runAsync(
                "openssl",
                [
                    "genpkey", "-genparam", "-algorithm", "DSA", "-pkeyopt", "dsa_paramgen_bits:" + key.dropFirst(4),
                    "-out", parameters,
                ])
            try #require(made.exitCode == 0, "\(made.standardErrorText)")
            newKey = ["-newkey", "dsa:" + parameters]
        }
        let made = try await PeerProcess.runAsync(
            "openssl",
            [
                "req", "-x509", "-nodes", "-days", "30", "-subj", "/CN=legacy \(key)", "-keyout",
                folder.appendingPathComponent("key.pem").path, "-out", pem.path, "-addext",
                "subjectAltName=DNS:legacy.example.com",
            ] + newKey)
        try #require(made.exitCode == 0, "\(made.standardErrorText)")
        let pipeline =
            "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let pin = try await PeerProcess.runAsync("sh", ["-c", pipeline, "sh", pem.path]).standardOutputText
        return (pem, "sha256/" + pin.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(
        "pins RSA-1024/1536, Ed448, DSA and secp256k1 certificates as openssl does, and warns about weak keys",
        arguments: [
            ("rsa:1024", "RSA 1024 bits", true), ("rsa:1536", "RSA 1536 bits", true),
            ("ed448", "Ed448 456 bits", false),
            ("dsa:2048", "DSA 2048 bits", true), ("ec:secp256k1", "EC secp256k1 256 bits", false),
            ("ec:P-192", "EC P-192 192 bits", true),
        ])
    func legacyKeys(key: String, keyLine: String, weak: Bool) async throws {
        let (pem, pin) = try await legacyCertificate(key: key)
        let text = try await RampartBinary.run(["pin", pem.path])
        #expect(text.exitCode == 0, "\(text.standardErrorText)")
        #expect(text.standardOutputText.contains("[0] CN=legacy \(key) (CA)"))
        #expect(text.standardOutputText.contains("key:        \(keyLine)"), "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("SPKI pin:   \(pin)"), "\(text.standardOutputText)")
        #expect(text.standardOutputText.contains("    warning:    ") == weak, "\(text.standardOutputText)")
        let json = try await RampartBinary.run(["pin", pem.path, "--format", "json"])
        let list = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]])
        #expect(list.first?["spkiPin"] as? String == pin)
        #expect((list.first?["weaknesses"] as? [String])?.isEmpty == !weak)
        let plist = try await RampartBinary.run(["pin", pem.path, "--format", "plist"])
        #expect(plist.exitCode == 0, "\(plist.standardErrorText)")
        #expect(plist.standardOutputText.contains("<key>legacy.example.com</key>"))
        #expect(plist.standardOutputText.contains(String(pin.dropFirst("sha256/".count))))
        let trustKit = try await RampartBinary.run(
            ["pin", "-", "--format", "trustkit"], input: try Data(contentsOf: pem))
        #expect(trustKit.exitCode == 0, "\(trustKit.standardErrorText)")
        #expect(trustKit.standardOutputText.contains(String(pin.dropFirst("sha256/".count))))
    }

    @Test("HOST:PORT of a server with an RSA-1024 leaf shows its chain, with the weak key named")
    func liveRSA1024() async throws {
        let chain = try LabPKI.shared().chain(.rsa1024)
        let output = try await LabServer.withServer(LabServerConfiguration(chain: chain)) { server in
            try await RampartBinary.run(["pin", "127.0.0.1:\(server.port)", "--server-name", "localhost"])
        }
        #expect(output.exitCode == 0, "\(output.standardErrorText)")
        #expect(output.standardOutputText.contains("key:        RSA 1024 bits"))
        #expect(output.standardOutputText.contains("warning:    RSA key of 1024 bits is weak"))
        #expect(output.standardOutputText.contains("[1] "))
    }

    @Test("a directory exits 66 saying it is a directory; /dev/null exits 65 saying it is empty")
    func notFiles() async throws {
        let folder = try ScratchFolder.shared().subfolder("pin-dir")
        let directory = try await RampartBinary.run(["pin", folder.path])
        #expect(directory.exitCode == 66)
        #expect(directory.standardErrorText.contains("\(folder.path) is a directory"), "\(directory.standardErrorText)")
        let null = try await RampartBinary.run(["pin", "/dev/null"])
        #expect(null.exitCode == 65)
        #expect(null.standardErrorText.contains("/dev/null") && null.standardErrorText.contains("is empty"))
        #expect(!null.standardErrorText.lowercased().contains("permission"))
    }

    @Test(
        "--timeout takes a finite number of seconds above 0 and at most 3600",
        arguments: ["nan", "inf", "-inf", "0", "-1", "3601", "ten"])
    func badTimeout(value: String) async throws {
        let result = try await RampartBinary.run(["pin", "127.0.0.1:9", "--timeout", value])
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains("timeout"))
    }

    @Test(
        "a silent port, one that closes at once and a plaintext HTTP server exit 74 and say what happened",
        arguments: [
            (LabScriptedPeer.Script.silent, "accepted the TCP connection but sent no TLS answer within 1 second"),
            (.closeAtOnce, "closed the connection during the TLS handshake"),
            (.http, "answered with something that is not TLS (an HTTP response: \"HTTP/1.1 400 Bad Request\")"),
        ])
    func unhelpfulServers(script: LabScriptedPeer.Script, message: String) async throws {
        // Only the silent peer is meant to time out; the others get time to answer on a loaded machine.
        var timeout = "30"
        if case .silent = script { timeout = "1" }
        let result = try await LabScriptedPeer.with(script) { port in
            try await RampartBinary.run(["pin", "127.0.0.1:\(port)", "--timeout", timeout])
        }
        #expect(result.exitCode == 74)
        #expect(result.standardErrorText.contains(message), "\(result.standardErrorText)")
        #expect(!result.standardErrorText.contains("End of file"))
        for raw in [".build", ".cc:", "error:", "BoringSSL"] {
            #expect(
                !result.standardErrorText.contains(raw), "a path or a raw BoringSSL error: \(result.standardErrorText)")
        }
        #expect(result.standardOutput.isEmpty)
    }
}
