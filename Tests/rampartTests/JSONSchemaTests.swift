import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// `docs/schemas/*.schema.json` against real `--format json` outputs of the built `rampart`: each schema
/// is a valid JSON Schema (draft 2020-12), and each command's output, clean and with findings or
/// errors, validates against its schema (Python `jsonschema`, the peers' virtualenv).
@Suite("JSON Schemas of --format json outputs", .serialized)
struct JSONSchemaTests {
    let scratch: ScratchFolder
    let pki: LabPKI

    init() throws {
        scratch = try ScratchFolder("rampart-json-schemas")
        pki = try LabPKI.shared()
    }

    static let schemas = PeerTools.packageRoot.appendingPathComponent("docs/schemas")
    static let policyFixtures = PeerTools.packageRoot.appendingPathComponent("Tests/RampartPolicyTests/Fixtures")
    static let imageFixtures = PeerTools.packageRoot.appendingPathComponent("Tests/RampartValidationTests/Fixtures")

    /// Checks every schema of the folder (`check_schema`, `$id` named after its file), then, with a
    /// schema name, validates standard input against it; errors go to standard error, one a line.
    static let validator = """
        import json, pathlib, sys
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        folder = pathlib.Path(sys.argv[1])
        schemas = {path.name: json.loads(path.read_text()) for path in sorted(folder.glob("*.schema.json"))}
        bad = []
        for name, schema in schemas.items():
            Draft202012Validator.check_schema(schema)
            if not schema.get("$id", "").endswith("/" + name):
                bad.append(f"{name}: $id {schema.get('$id')!r} does not end with /{name}")
        registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
        if len(sys.argv) > 2:
            name = sys.argv[2]
            document = json.load(sys.stdin)
            validator = Draft202012Validator(schemas[name], registry=registry)
            for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
                path = "/".join(map(str, error.absolute_path))
                bad.append(f"{name}: at /{path}: {error.message}")
        else:
            print("\\n".join(schemas))
        for line in bad:
            print(line, file=sys.stderr)
        sys.exit(1 if bad else 0)
        """

    /// Runs the validator; `nil` schema checks the schema files only.
    static func validate(_ output: Data, against schema: String?) async throws -> PeerProcess.Result {
        let python = try #require(PeerTools.python, "the peers' virtualenv is missing: run Scripts/test")
        return try await PeerProcess.runAsync(
            python.path, ["-c", validator, schemas.path] + (schema.map { [$0] } ?? []), input: output)
    }

    /// Runs `rampart arguments`, expects `exitCode`, and validates its standard output against `schema`.
    @discardableResult
    func expectValid(
        _ arguments: [String], schema: String, exitCode: Int32, input: Data = Data(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Data {
        let run = try await RampartBinary.run(arguments, input: input)
        #expect(
            run.exitCode == exitCode, "rampart \(arguments.joined(separator: " ")): \(run.standardErrorText)",
            sourceLocation: sourceLocation)
        let checked = try await Self.validate(run.standardOutput, against: schema)
        #expect(
            checked.exitCode == 0,
            "rampart \(arguments.joined(separator: " ")) does not match \(schema):\n\(checked.standardErrorText)",
            sourceLocation: sourceLocation)
        return run.standardOutput
    }

    @Test("every schema is a valid draft 2020-12 schema named by its $id, and the README lists each")
    func schemasAreValid() async throws {
        let checked = try await Self.validate(Data(), against: nil)
        #expect(checked.exitCode == 0, "\(checked.standardErrorText)")
        let names = checked.standardOutputText.split(separator: "\n").map(String.init)
        #expect(names.count >= 12, "\(names)")
        let readme = try String(contentsOf: Self.schemas.appendingPathComponent("README.md"), encoding: .utf8)
        for name in names { #expect(readme.contains("`\(name)`"), "docs/schemas/README.md does not list \(name)") }
    }

    @Test("an output that breaks its schema fails with the validator's message")
    func mismatchFails() async throws {
        let output = try await expectValid(
            ["validate", "email", "--format", "json", "jane@example.com"], schema: "validate-email.schema.json",
            exitCode: 0)
        var results = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        results[0]["valid"] = "yes"
        results[0]["surprise"] = 1
        let broken = try await Self.validate(
            try JSONSerialization.data(withJSONObject: results), against: "validate-email.schema.json")
        #expect(broken.exitCode == 1)
        #expect(broken.standardErrorText.contains("at /0: Additional properties are not allowed"))
        #expect(broken.standardErrorText.contains("at /0/valid: 'yes' is not of type 'boolean'"))
    }

    @Test("ats audit, check and explain: clean and with findings or a blocked URL")
    func atsPolicy() async throws {
        let fixture = { (name: String) in Self.policyFixtures.appendingPathComponent(name).path }
        try await expectValid(
            ["ats", "audit", "--format", "json", fixture("defaults.plist")], schema: "ats-audit.schema.json",
            exitCode: 0)
        let audit = try await expectValid(
            [
                "ats", "audit", "--format", "json", fixture("arbitrary.plist"), fixture("exceptions.plist"),
                fixture("pinned.plist"), fixture("legacy-keys.plist"),
            ], schema: "ats-audit.schema.json", exitCode: 1)
        let reports = try #require(try JSONSerialization.jsonObject(with: audit) as? [[String: Any]])
        #expect(reports.count == 4 && !((reports[0]["findings"] as? [Any]) ?? []).isEmpty)
        try await expectValid(
            [
                "ats", "check", "--format", "json", fixture("exceptions.plist"), "https://example.com",
                "http://plain.example.org/", "http://localhost:8080/",
            ], schema: "ats-check.schema.json", exitCode: 1)
        try await expectValid(
            ["ats", "check", "--format", "json", fixture("arbitrary.plist"), "http://anything.example.net/"],
            schema: "ats-check.schema.json", exitCode: 0)
        try await expectValid(
            ["ats", "explain", "--format", "json", fixture("pinned.plist"), "https://example.com"],
            schema: "ats-explain.schema.json", exitCode: 0)
        for plist in ["pinned.plist", "exceptions.plist", "media-web.plist"] {
            let run = try await RampartBinary.run([
                "ats", "explain", "--format", "json", fixture(plist), "http://cleartext.example.com/",
            ])
            let checked = try await Self.validate(run.standardOutput, against: "ats-explain.schema.json")
            #expect(checked.exitCode == 0, "\(plist): \(checked.standardErrorText)")
        }
    }

    @Test("validate email, json and image: valid, invalid and unreadable inputs")
    func validation() async throws {
        try await expectValid(
            ["validate", "email", "--format", "json", "jane@example.com", "jöhn@exämple.de"],
            schema: "validate-email.schema.json", exitCode: 0)
        try await expectValid(
            [
                "validate", "email", "--format", "json", "jane@example.com", "no-at-sign", "a..b@example.com",
                "x@[192.0.2.1]",
            ],
            schema: "validate-email.schema.json", exitCode: 1)
        try scratch.write("ok.json", Data(#"{"a": [1, 2, {"b": "c"}]}"#.utf8))
        try scratch.write(
            "deep.json", Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8))
        try scratch.write("bad.json", Data(#"{"a": tru}"#.utf8))
        try await expectValid(
            ["validate", "json", "--format", "json", scratch.path("ok.json")], schema: "validate-json.schema.json",
            exitCode: 0)
        for (bad, exitCode) in [("deep.json", Int32(1)), ("bad.json", 65)] {
            try await expectValid(
                ["validate", "json", "--format", "json", scratch.path(bad)], schema: "validate-json.schema.json",
                exitCode: exitCode)
        }
        let images = ["pillow/rgb.png", "pillow/baseline.jpg", "pillow/animated.webp", "pillow/still.gif"].map {
            Self.imageFixtures.appendingPathComponent($0).path
        }
        try await expectValid(
            ["validate", "image", "--format", "json"] + images, schema: "validate-image.schema.json", exitCode: 0)
        let polyglot = Self.imageFixtures.appendingPathComponent("polyglots/jpeg-zip.jpg").path
        let mixed = try await expectValid(
            ["validate", "image", "--format", "json", polyglot, images[0], scratch.path("missing.png")],
            schema: "validate-image.schema.json", exitCode: 66)
        let results = try #require(try JSONSerialization.jsonObject(with: mixed) as? [[String: Any]])
        #expect(results.count == 3 && results[2]["error"] is String, "\(results)")
    }

    @Test("pin show and ct check: a lab chain, a weak certificate, compliant and missing SCTs")
    func certificates() async throws {
        let good = try pki.chain(.good).export(to: try scratch.subfolder("good"))
        let weak = try pki.chain(.sha1Signed).export(to: try scratch.subfolder("weak"))
        try await expectValid(
            ["pin", "show", "--format", "json", good.chainPEM.path], schema: "pin-show.schema.json", exitCode: 0)
        try await expectValid(
            ["pin", "show", "--format", "json", weak.chainPEM.path], schema: "pin-show.schema.json", exitCode: 0)

        let argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
        let nimbus = try LabCTLog(name: "Lab Nimbus", operatorName: "Lab Cloudflare", key: .rsa2048)
        let other = try LabCTLog(name: "Lab Unlisted", operatorName: "Lab Nobody")
        try scratch.write("log_list.json", try LabCTLog.chromeLogList([argon, nimbus]))
        let compliant = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (nimbus, Date() - 60)])
            .export(to: try scratch.subfolder("ct-compliant"))
        try await expectValid(
            ["ct", "check", compliant.chainPEM.path, "--log-list", scratch.path("log_list.json"), "--format", "json"],
            schema: "ct-check.schema.json", exitCode: 0)
        let short = try pki.leafWithEmbeddedSCTs(from: [(argon, Date() - 60), (other, Date() - 60)])
            .export(to: try scratch.subfolder("ct-short"))
        for policy in ["apple", "chrome"] {
            try await expectValid(
                [
                    "ct", "check", short.chainPEM.path, "--log-list", scratch.path("log_list.json"), "--format", "json",
                    "--policy", policy,
                ], schema: "ct-check.schema.json", exitCode: 1)
        }
    }

    @Test("ats diagnose and pin verify against lab servers: passing, failing and unreachable")
    func liveServers() async throws {
        let files = try pki.chain(.good).export(to: try scratch.subfolder("live"))
        try await OpenSSLServer.withServer(OpenSSLServerConfiguration(chain: try pki.chain(.good))) { server in
            try await expectValid(
                [
                    "ats", "diagnose", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--format",
                    "json",
                ],
                schema: "ats-diagnose.schema.json", exitCode: 0)
            // With the app's plist and a CT log list: appPasses and a ct report (no SCTs: not compliant).
            let argon = try LabCTLog(name: "Lab Argon", operatorName: "Lab Google")
            try scratch.write("diagnose-log-list.json", try LabCTLog.chromeLogList([argon]))
            let output = try await expectValid(
                [
                    "ats", "diagnose", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--policy",
                    Self.policyFixtures.appendingPathComponent("exceptions.plist").path, "--ct-log-list",
                    scratch.path("diagnose-log-list.json"), "--format", "json",
                ],
                schema: "ats-diagnose.schema.json", exitCode: 0)
            let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            #expect(report["appPasses"] is Bool && report["ct"] is [String: Any], "\(report.keys.sorted())")
        }
        var legacy = OpenSSLServerConfiguration(chain: try pki.chain(.good), securityLevel: 0)
        legacy.extraArguments = ["-tls1"]
        try await OpenSSLServer.withServer(legacy) { server in
            let output = try await expectValid(
                [
                    "ats", "diagnose", "https://localhost:\(server.port)/", "--ca", files.rootPEM.path, "--format",
                    "json",
                ],
                schema: "ats-diagnose.schema.json", exitCode: 1)
            let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            #expect(report["minimalExceptionPlist"] is String)
        }

        let leafPin = try SPKIPinText.of(pki.chain(.good).leaf.certificate)
        let backup = try SPKIPinText.of(pki.chain(.p384).leaf.certificate)
        let trustKit: [String: Any] = [
            "TSKPinnedDomains": [
                "localhost": ["TSKPublicKeyHashes": [leafPin, backup], "TSKIncludeSubdomains": false]
            ]
        ]
        try scratch.write("trustkit.json", try JSONSerialization.data(withJSONObject: trustKit))
        let onlyBackup: [String: Any] = [
            "TSKPinnedDomains": ["localhost": ["TSKPublicKeyHashes": [backup, backup], "TSKIncludeSubdomains": false]]
        ]
        try scratch.write("wrong-pins.json", try JSONSerialization.data(withJSONObject: onlyBackup))
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let connect = "localhost=127.0.0.1:\(server.port)"
            try await expectValid(
                [
                    "pin", "verify", "--pins", scratch.path("trustkit.json"), "--connect", connect, "--ca",
                    files.rootPEM.path, "--format", "json",
                ], schema: "pin-verify.schema.json", exitCode: 0)
            try await expectValid(
                [
                    "pin", "verify", "--pins", scratch.path("wrong-pins.json"), "--connect", connect, "--ca",
                    files.rootPEM.path, "--format", "json",
                ], schema: "pin-verify.schema.json", exitCode: 1)
        }
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        try await expectValid(
            [
                "pin", "verify", "--pins", scratch.path("trustkit.json"), "--connect", "localhost=127.0.0.1:\(port)",
                "--format", "json",
            ], schema: "pin-verify.schema.json", exitCode: 74)
    }

    @Test("keygen and e2e keygen: the identity file and its public key, never the identity")
    func keygen() async throws {
        let folder = try ScratchFolder("rampart-schema-keygen")
        for (name, flags) in [("x25519.txt", [String]()), ("pq.txt", ["--pq"])] {
            let made = try await expectValid(
                ["keygen", "-o", folder.path(name), "--format", "json"] + flags, schema: "keygen.schema.json",
                exitCode: 0)
            let read = try await expectValid(
                ["keygen", "-y", folder.path(name), "--format", "json"], schema: "keygen.schema.json", exitCode: 0)
            let identity = try String(contentsOf: folder.url(name), encoding: .utf8)
            #expect(identity.contains("AGE-SECRET-KEY-"))
            for output in [made, read] {
                #expect(!String(decoding: output, as: UTF8.self).contains("AGE-SECRET-KEY-"))
                let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
                let recipients = try #require(report["recipients"] as? [[String: Any]])
                #expect(recipients.count == 1 && identity.contains(recipients[0]["recipient"] as? String ?? "?"))
                #expect(recipients[0]["type"] as? String == (flags.isEmpty ? "X25519" : "mlkem768x25519"))
            }
        }
        for (name, flags, kind) in [
            ("c.key", [String](), "classic"), ("n.key", ["--nist"], "nist"), ("q.key", ["--pq"], "postQuantum"),
        ] {
            let output = try await expectValid(
                ["e2e", "keygen", "-o", folder.path(name), "--format", "json"] + flags,
                schema: "e2e-keygen.schema.json", exitCode: 0)
            let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            #expect(report["kind"] as? String == kind && report["identityFile"] as? String == folder.path(name))
            #expect(!String(decoding: output, as: UTF8.self).contains("SECRET"))
        }
    }

    @Test("e2e seal and open: recipients, sizes and the sender, never a key or the message")
    func e2eSealOpen() async throws {
        let folder = try ScratchFolder("rampart-schema-e2e")
        var publicKeys: [String] = []
        for name in ["alice.key", "bob.key", "carol.key"] {
            let made = try await RampartBinary.run(["e2e", "keygen", "-o", folder.path(name)])
            #expect(made.exitCode == 0, "\(made.standardErrorText)")
            publicKeys.append(made.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let message = "a message no report may quote\n"
        try folder.write("notes.txt", Data(message.utf8))
        let signed = try await expectValid(
            [
                "e2e", "seal", "-r", publicKeys[1], "-r", publicKeys[2], "--from", folder.path("alice.key"), "-o",
                folder.path("signed.e2e"), "--format", "json", folder.path("notes.txt"),
            ], schema: "e2e-seal.schema.json", exitCode: 0)
        let sealed = try #require(try JSONSerialization.jsonObject(with: signed) as? [String: Any])
        let envelopeSize = try FileManager.default.attributesOfItem(atPath: folder.path("signed.e2e"))[.size] as? Int
        #expect(sealed["recipients"] as? Int == 2 && sealed["signed"] as? Bool == true, "\(sealed)")
        #expect(sealed["plaintextBytes"] as? Int == message.utf8.count, "\(sealed)")
        #expect(sealed["sealedBytes"] as? Int == envelopeSize, "\(sealed)")
        // From standard input, anonymous.
        let anonymous = try await expectValid(
            ["e2e", "seal", "-r", publicKeys[1], "-o", folder.path("anonymous.e2e"), "--format", "json"],
            schema: "e2e-seal.schema.json", exitCode: 0, input: Data(message.utf8))
        let piped = try #require(try JSONSerialization.jsonObject(with: anonymous) as? [String: Any])
        #expect(piped["input"] as? String == "-" && piped["plaintextBytes"] as? Int == message.utf8.count)

        let opened = try await expectValid(
            [
                "e2e", "open", "-i", folder.path("bob.key"), "--from", publicKeys[0], "-o", folder.path("out.txt"),
                "--format", "json", folder.path("signed.e2e"),
            ], schema: "e2e-open.schema.json", exitCode: 0)
        #expect(try String(contentsOf: folder.url("out.txt"), encoding: .utf8) == message)
        let report = try #require(try JSONSerialization.jsonObject(with: opened) as? [String: Any])
        let sender = try #require(report["sender"] as? [String: Any], "\(report)")
        #expect(sender["publicKey"] as? String == publicKeys[0] && sender["expected"] as? Bool == true)
        #expect(report["plaintextBytes"] as? Int == message.utf8.count && report["sealedBytes"] as? Int == envelopeSize)
        let unsigned = try await expectValid(
            ["e2e", "open", "-i", folder.path("bob.key"), "-o", folder.path("out2.txt"), "--format", "json"],
            schema: "e2e-open.schema.json", exitCode: 0,
            input: try Data(contentsOf: folder.url("anonymous.e2e")))
        let anonymousReport = try #require(try JSONSerialization.jsonObject(with: unsigned) as? [String: Any])
        #expect(anonymousReport["sender"] == nil, "\(anonymousReport)")
        #expect(anonymousReport["plaintextBytes"] as? Int == message.utf8.count)
        for output in [signed, anonymous, opened, unsigned] {
            let text = String(decoding: output, as: UTF8.self)
            #expect(!text.contains("no report may quote") && !text.contains("SECRET"))
        }
        // The report needs standard output: the message must go to -o FILE.
        let refused = try await RampartBinary.run(
            ["e2e", "seal", "-r", publicKeys[1], "--format", "json", folder.path("notes.txt")])
        #expect(refused.exitCode == 2 && refused.standardErrorText.contains("-o FILE"), "\(refused.standardErrorText)")
    }

    @Test("fetch --format json: a completed exchange, a HEAD, a pin failure and an HTTP failure with --fail")
    func fetch() async throws {
        let folder = try ScratchFolder("rampart-schema-fetch")
        let files = try pki.chain(.good).export(to: try folder.subfolder("pki"))
        let other = try SPKIPinText.of(pki.chain(.p384).leaf.certificate)
        try await LabServer.withServer(LabServerConfiguration(chain: try pki.chain(.good))) { server in
            let url = "https://localhost:\(server.port)/"
            let trust = ["--ca", files.rootPEM.path, "--ca-only", "--format", "json"]
            let output = try await expectValid(
                ["fetch", url, "-o", folder.path("body.txt")] + trust, schema: "fetch.schema.json", exitCode: 0)
            #expect(try String(contentsOf: folder.url("body.txt"), encoding: .utf8) == "hello from the Rampart lab\n")
            let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            #expect(report["status"] as? Int == 200 && report["bodyBytes"] as? Int == 27, "\(report)")
            let connection = try #require((report["connections"] as? [[String: Any]])?.first)
            #expect(
                (connection["tlsVersion"] as? String)?.hasPrefix("TLSv1.") == true && connection["cipherSuite"] != nil)
            let decision = try #require((report["trust"] as? [[String: Any]])?.first)
            let pin = try SPKIPinText.of(pki.chain(.good).leaf.certificate)
            #expect(decision["verdict"] as? String == "trusted")
            #expect((decision["chain"] as? [[String: Any]])?.first?["spkiPin"] as? String == "sha256/" + pin)

            try await expectValid(["fetch", url, "-I"] + trust, schema: "fetch.schema.json", exitCode: 0)
            let refused = try await expectValid(
                ["fetch", url, "-o", folder.path("refused.txt"), "--pin", other] + trust, schema: "fetch.schema.json",
                exitCode: 1)
            let failure = try #require(try JSONSerialization.jsonObject(with: refused) as? [String: Any])
            #expect(failure["error"] is String && failure["status"] == nil, "\(failure)")
            #expect((failure["trust"] as? [[String: Any]])?.first?["verdict"] as? String == "rejected")
            #expect(!FileManager.default.fileExists(atPath: folder.path("refused.txt")))
        }
        try await LabServer.withServer(
            LabServerConfiguration(chain: try pki.chain(.good), response: LabResponse(status: 404, body: "gone\n"))
        ) { server in
            let output = try await expectValid(
                [
                    "fetch", "https://localhost:\(server.port)/", "-o", folder.path("404.txt"), "--fail", "--ca",
                    files.rootPEM.path, "--ca-only", "--format", "json",
                ], schema: "fetch.schema.json", exitCode: 22)
            let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
            #expect(report["status"] as? Int == 404 && report["error"] is String && report["output"] == nil)
        }
    }

    @Test("rampart-demo: the lab demo's report")
    func demo() async throws {
        let run = try await DemoReport.run.value
        #expect(run.exitCode == 0, "\(run.standardErrorText)")
        let checked = try await Self.validate(run.standardOutput, against: "demo.schema.json")
        #expect(checked.exitCode == 0, "rampart-demo does not match demo.schema.json:\n\(checked.standardErrorText)")
    }

    @Test("vault ls: an empty vault and one with items")
    func vaultList() async throws {
        let folder = try ScratchFolder("rampart-schema-vault")
        try folder.write("pw", "vault passphrase\n")
        let vault = ["vault", "--path", folder.path("v.sqlite"), "--passphrase-file", folder.path("pw")]
        #expect(try await RampartBinary.run(vault + ["init", "--work-factor", "15"]).exitCode == 0)
        try await expectValid(vault + ["ls", "--format", "json"], schema: "vault-ls.schema.json", exitCode: 0)
        for (service, account) in [("api.example.com", "ci"), ("bank", "me")] {
            let set = try await RampartBinary.run(vault + ["set", service, account], input: Data("s3cret".utf8))
            #expect(set.exitCode == 0, "\(set.standardErrorText)")
        }
        let output = try await expectValid(
            vault + ["ls", "--format", "json"], schema: "vault-ls.schema.json", exitCode: 0)
        #expect((try JSONSerialization.jsonObject(with: output) as? [Any])?.count == 2)
        #expect(!String(decoding: output, as: UTF8.self).contains("s3cret"))

        // vault get: the metadata, and the value only on request (as text, or base64 when not UTF-8).
        let metadata = try await expectValid(
            vault + ["get", "bank", "me", "--format", "json"], schema: "vault-get.schema.json", exitCode: 0)
        let item = try #require(try JSONSerialization.jsonObject(with: metadata) as? [String: Any])
        #expect(item["service"] as? String == "bank" && item["valueBytes"] as? Int == 6, "\(item)")
        #expect(!String(decoding: metadata, as: UTF8.self).contains("s3cret"))
        let revealed = try await expectValid(
            vault + ["get", "bank", "me", "--format", "json", "--include-value"], schema: "vault-get.schema.json",
            exitCode: 0)
        #expect((try JSONSerialization.jsonObject(with: revealed) as? [String: Any])?["value"] as? String == "s3cret")
        let binary = Data([0xFF, 0x00, 0xC3])
        #expect(try await RampartBinary.run(vault + ["set", "bin", "me"], input: binary).exitCode == 0)
        let encoded = try await expectValid(
            vault + ["get", "bin", "me", "--format", "json", "--include-value"], schema: "vault-get.schema.json",
            exitCode: 0)
        let binaryItem = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(binaryItem["valueBase64"] as? String == binary.base64EncodedString() && binaryItem["value"] == nil)
        let textOnly = try await RampartBinary.run(vault + ["get", "bank", "me", "--include-value"])
        #expect(textOnly.exitCode == 2 && textOnly.standardOutput.isEmpty, "\(textOnly.standardErrorText)")
    }

    @Test("scan: a clean folder and one with findings, a suppression and a stale baseline entry")
    func scan() async throws {
        let clean = try ScratchFolder("rampart-schema-scan-clean")
        try FileManager.default.createDirectory(at: clean.url("App"), withIntermediateDirectories: true)
        try clean.write(
            "App/Main.swift", Data("import Foundation\nlet url = URL(string: \"https://example.com\")\n".utf8))
        try await expectValid(["scan", "--format", "json", clean.path], schema: "scan.schema.json", exitCode: 0)

        let dirty = try ScratchFolder("rampart-schema-scan")
        try FileManager.default.createDirectory(at: dirty.url("App"), withIntermediateDirectories: true)
        let source = """
            import Foundation
            let u = URL(string: "http://api.example.com/x")!
            let key = "AKIAIOSFODNN7EXAMPLE"
            UserDefaults.standard.set("pw", forKey: "password")
            let task = URLSession.shared.dataTask(with: u)
            // rampart:ignore RS-CRYPTO-007 a documented example key, revoked
            let example = "AKIAIOSFODNN7EXAMPLG"
            """
        try dirty.write("App/Net.swift", Data(source.utf8))
        try dirty.write("App/Old.swift", Data("let legacy = \"AKIAIOSFODNN7EXAMPLF\"\n".utf8))
        let baseline = dirty.path("baseline.json")
        // The hard-coded access key is a high finding: exit 1 (policy), with the baseline written.
        let written = try await RampartBinary.run(["scan", dirty.path, "--write-baseline", baseline])
        #expect(written.exitCode == 1, "\(written.standardErrorText)")
        #expect(FileManager.default.fileExists(atPath: baseline))
        try dirty.write("App/Old.swift", Data("let legacy = 1\n".utf8))
        try await expectValid(
            ["scan", "--format", "json", dirty.path, "--fail-on", "info"], schema: "scan.schema.json", exitCode: 1)
        let hidden = try await expectValid(
            ["scan", "--format", "json", dirty.path, "--baseline", baseline], schema: "scan.schema.json", exitCode: 0)
        let report = try #require(try JSONSerialization.jsonObject(with: hidden) as? [String: Any])
        #expect((report["staleBaselineEntries"] as? [Any])?.count == 1, "\(report)")
        #expect((report["counts"] as? [String: Any])?["suppressed"] as? Int == 1, "\(report)")
        #expect((report["counts"] as? [String: Any])?["hiddenByBaseline"] as? Int ?? 0 > 0, "\(report)")
    }
}
