import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `rampart fetch --cert/--key/--key-from-vault` and `rampart vault import-key`, as a user runs
/// them, against a real nginx with `ssl_verify_client on`.
@Suite("rampart fetch with a client certificate")
struct FetchClientCertificateCLITests {
    let scratch: ScratchFolder
    let files: LabChainFiles

    init() throws {
        scratch = try ScratchFolder("rampart-fetch-mtls-cli")
        files = try LabPKI.shared().chain(.good).export(to: scratch.url)
    }

    static func nginx(http2: Bool) throws -> NginxServerConfiguration {
        let pki = try LabPKI.shared()
        return NginxServerConfiguration(
            chain: try pki.chain(.good), http2: http2,
            clientVerification: NginxClientVerification(mode: .on, trusting: [pki.root.certificate]))
    }

    /// Writes a lab client's certificate and key as `NAME.crt` and `NAME.key`.
    func writeClient(_ name: String, _ algorithm: LabKeyAlgorithm = .p256, issuedBy: LabPKI.ClientIssuer = .labRoot)
        throws -> LabIdentity
    {
        let client = try LabPKI.shared().clientIdentity(algorithm, name: "cli \(name)", issuedBy: issuedBy)
        _ = try scratch.write(name + ".crt", try client.certificatePEM + "\n")
        _ = try scratch.write(name + ".key", try client.privateKeyPEM + "\n")
        return client
    }

    func fetch(_ url: String, _ arguments: [String]) async throws -> PeerProcess.Result {
        try await RampartBinary.run(["fetch", url, "--ca", files.rootPEM.path, "--ca-only"] + arguments)
    }

    func vault(_ arguments: [String], input: Data = Data()) async throws -> PeerProcess.Result {
        try await RampartBinary.run(
            ["vault", "--path", scratch.path("v.sqlite"), "--passphrase-file", scratch.path("pw")] + arguments,
            input: input)
    }

    @Test("--cert and --key (P-256 and RSA) are accepted by nginx over h2 and HTTP/1.1; -v names the certificate")
    func certAndKey() async throws {
        _ = try writeClient("p256")
        _ = try writeClient("rsa", .rsa2048)
        for http2 in [true, false] {
            try await NginxServer.withServer(try Self.nginx(http2: http2)) { nginx in
                for name in ["p256", "rsa"] {
                    let result = try await fetch(
                        "https://localhost:\(nginx.tlsPort)/client-verify",
                        ["--cert", scratch.path(name + ".crt"), "--key", scratch.path(name + ".key"), "-v"])
                    #expect(result.exitCode == 0, "\(result.standardErrorText)")
                    #expect(result.standardOutputText.hasPrefix("SUCCESS"), "\(result.standardOutputText)")
                    #expect(result.standardOutputText.contains("cli \(name)"))
                    #expect(result.standardErrorText.contains("* client certificate for localhost"))
                    #expect(result.standardErrorText.contains("ALPN: server accepted \(http2 ? "h2" : "http/1.1")"))
                }
            }
        }
    }

    @Test("Without a certificate, or with one from another CA, nginx answers 400 and --fail exits 22")
    func refused() async throws {
        _ = try writeClient("rogue", issuedBy: .rogueRoot)
        try await NginxServer.withServer(try Self.nginx(http2: true)) { nginx in
            let url = "https://localhost:\(nginx.tlsPort)/client-verify"
            let none = try await fetch(url, ["--fail"])
            #expect(none.exitCode == 22, "\(none.standardErrorText)")
            #expect(none.standardErrorText.contains("HTTP 400"))
            let rogue = try await fetch(url, ["--cert", scratch.path("rogue.crt"), "--key", scratch.path("rogue.key")])
            #expect(rogue.exitCode == 0)
            #expect(rogue.standardOutputText.contains("The SSL certificate error"))
        }
    }

    @Test("A key that is not the certificate's, an encrypted key or a missing one fails before connecting (65, 66)")
    func badKeys() async throws {
        _ = try writeClient("a")
        _ = try writeClient("b")
        let encrypted = try await PeerProcess.runAsync(
            "openssl", ["pkey", "-aes256", "-passout", "pass:lab"], input: try scratch.read("a.key"))
        _ = try scratch.write("encrypted.key", encrypted.standardOutput)
        // Nothing listens on port 9: a connection attempt would fail with 74, not these codes.
        let url = "https://localhost:9/"
        let mismatch = try await fetch(url, ["--cert", scratch.path("a.crt"), "--key", scratch.path("b.key")])
        #expect(mismatch.exitCode == 65, "\(mismatch.standardErrorText)")
        #expect(mismatch.standardErrorText.contains("does not belong to the certificate"))
        let locked = try await fetch(url, ["--cert", scratch.path("a.crt"), "--key", scratch.path("encrypted.key")])
        #expect(locked.exitCode == 65, "\(locked.standardErrorText)")
        #expect(locked.standardErrorText.contains("is encrypted; decrypt it first"))
        let missing = try await fetch(url, ["--cert", scratch.path("a.crt"), "--key", scratch.path("nothing.key")])
        #expect(missing.exitCode == 66, "\(missing.standardErrorText)")
        let noKey = try await fetch(url, ["--cert", scratch.path("a.crt")])
        #expect(noKey.exitCode == 2, "\(noKey.standardErrorText)")
        #expect(noKey.standardErrorText.contains("holds no private key"))
        let keyAlone = try await fetch(url, ["--key", scratch.path("a.key")])
        #expect(keyAlone.exitCode == 2, "\(keyAlone.standardErrorText)")
        #expect(keyAlone.standardErrorText.contains("--key needs --cert FILE"))
    }

    @Test("--cert with the key in the same file (curl's habit) is accepted")
    func keyInCertificateFile() async throws {
        let client = try writeClient("both")
        _ = try scratch.write("both.pem", try client.certificatePEM + "\n" + client.privateKeyPEM + "\n")
        try await NginxServer.withServer(try Self.nginx(http2: true)) { nginx in
            let result = try await fetch(
                "https://localhost:\(nginx.tlsPort)/client-verify", ["--cert", scratch.path("both.pem")])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText.hasPrefix("SUCCESS"))
        }
    }

    @Test("vault import-key stores the key; fetch --key-from-vault presents it; the PEM file is no longer needed")
    func keyFromVault() async throws {
        _ = try writeClient("vaulted", .p384)
        _ = try scratch.write("pw", "vault passphrase\n")
        #expect(try await vault(["init", "--work-factor", "15"]).exitCode == 0)
        let imported = try await vault(
            ["import-key", "--tag", "com.example.client-tls", "-"], input: try scratch.read("vaulted.key"))
        #expect(imported.exitCode == 0, "\(imported.standardErrorText)")
        #expect(imported.standardErrorText.contains("P-384"))
        try FileManager.default.removeItem(atPath: scratch.path("vaulted.key"))
        try await NginxServer.withServer(try Self.nginx(http2: true)) { nginx in
            let result = try await fetch(
                "https://localhost:\(nginx.tlsPort)/client-verify",
                [
                    "--cert", scratch.path("vaulted.crt"), "--key-from-vault", "com.example.client-tls", "--vault",
                    scratch.path("v.sqlite"), "--vault-passphrase-file", scratch.path("pw"),
                ])
            #expect(result.exitCode == 0, "\(result.standardErrorText)")
            #expect(result.standardOutputText.hasPrefix("SUCCESS"), "\(result.standardOutputText)")
            #expect(!result.standardErrorText.contains("vault passphrase"))
        }
        let absent = try await fetch(
            "https://localhost:9/",
            [
                "--cert", scratch.path("vaulted.crt"), "--key-from-vault", "no.such.tag", "--vault",
                scratch.path("v.sqlite"), "--vault-passphrase-file", scratch.path("pw"),
            ])
        #expect(absent.exitCode == 1, "\(absent.standardErrorText)")
    }

    @Test(
        "vault import-key refuses a wrong PEM, an encrypted key and an unsupported curve (65), and a duplicate tag (1)")
    func importKeyRefusals() async throws {
        _ = try scratch.write("pw", "vault passphrase\n")
        #expect(try await vault(["init", "--work-factor", "15"]).exitCode == 0)
        _ = try writeClient("ok")
        _ = try writeClient("p521", .p521)
        let encrypted = try await PeerProcess.runAsync(
            "openssl", ["pkey", "-aes256", "-passout", "pass:lab"], input: try scratch.read("ok.key"))
        _ = try scratch.write("encrypted.key", encrypted.standardOutput)
        let cases: [(String, String)] = [
            ("ok.crt", "none labelled PRIVATE KEY"), ("encrypted.key", "is encrypted"), ("p521.key", "a P-521 key"),
        ]
        for (file, said) in cases {
            let result = try await vault(["import-key", "--tag", "t", scratch.path(file)])
            #expect(result.exitCode == 65, "\(file): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains(said), "\(result.standardErrorText)")
        }
        #expect(try await vault(["import-key", "--tag", "t", scratch.path("ok.key")]).exitCode == 0)
        let again = try await vault(["import-key", "--tag", "t", scratch.path("ok.key")])
        #expect(again.exitCode == 1, "\(again.standardErrorText)")
        #expect(again.standardErrorText.contains("duplicate item"))
        #expect(again.standardErrorText.contains("nothing was replaced"))
    }
}
