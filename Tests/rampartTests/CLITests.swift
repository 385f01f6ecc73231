import Foundation
import Testing

@Suite("rampart command line")
struct CLITests {
    @Test("--help lists the subcommands and the exit codes")
    func help() async throws {
        let result = try await RampartBinary.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("SUBCOMMANDS:"))
        #expect(result.standardOutputText.contains("fetch"))
        #expect(result.standardOutputText.contains("65 bad data"))
    }

    @Test("`rampart help ats check` describes the subcommand")
    func helpSubcommand() async throws {
        let result = try await RampartBinary.run(["help", "ats", "check"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("--format"))
    }

    @Test("--version prints the version")
    func version() async throws {
        let result = try await RampartBinary.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(
        "usage errors exit 2 with a message on standard error",
        arguments: [["--no-such-flag"], ["ats", "check", "--format", "yaml"], ["no-such-command"]])
    func usageError(arguments: [String]) async throws {
        let result = try await RampartBinary.run(arguments)
        #expect(result.exitCode == 2, "\(arguments): \(result.standardErrorText)")
        #expect(result.standardErrorText.contains("Usage:") || result.standardErrorText.contains("Error:"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("completion scripts are generated for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completion(shell: String) async throws {
        let result = try await RampartBinary.run(["--generate-completion-script", shell])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.contains("fetch"))
    }

    @Test("the demo runs every step as expected and reports it as JSON")
    func demoJSON() async throws {
        let result = try await DemoReport.run.value
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let steps = report.chapters.flatMap(\.steps)
        #expect(report.failed == 0)
        #expect(report.steps == steps.count)
        #expect(steps.count >= 6)
        for step in steps where !step.succeeded {
            Issue.record("\(step.title): expected \(step.expected), observed \(step.observed): \(step.details)")
        }
        #expect(steps.filter { $0.observed == "blocked" }.count >= 4)
    }

    @Test("chapter 1 goes through Rampart's own client and names Rampart's own reasons")
    func demoHandshakeChapter() async throws {
        let result = try await DemoReport.run.value
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(report.chapter("Chain and host-name validation on a loopback TLS server"))
        #expect(report.chapters.first?.title == chapter.title)
        #expect(chapter.steps.allSatisfy { $0.succeeded }, "\(chapter.steps)")
        let connected = try #require(chapter.steps.first { $0.title == "A client that trusts the lab root connects" })
        #expect(connected.observed == "allowed")
        #expect(connected.details.contains { $0.hasPrefix("Rampart's trust decision: trusted") })
        #expect(connected.details.contains { $0.contains("TLSv1.") && $0.contains("TLS_") })
        #expect(connected.details.contains("HTTP 200: hello from the Rampart lab"))
        // Each refusal is in the trust decision's own words, not BoringSSL's.
        let reasons: [(String, String)] = [
            ("The client refuses an expired certificate", "expired on "),
            ("The client refuses a certificate for another host", "the certificate does not name localhost"),
            ("The client refuses a self-signed certificate", "is self-signed and not a trusted root"),
            ("The client refuses a chain without its intermediate", "no path from the certificate to a trusted root"),
        ]
        for (title, reason) in reasons {
            let step = try #require(chapter.steps.first { $0.title == title }, "no step \(title)")
            #expect(step.expected == "blocked" && step.observed == "blocked", "\(step)")
            #expect(
                step.details.contains { $0.hasPrefix("Rampart: untrusted server localhost:") && $0.contains(reason) })
            #expect(step.details.contains("requests that reached the server: 0"), "\(step.details)")
            #expect(!step.details.joined().contains("CERTIFICATE_VERIFY_FAILED"), "\(step.details)")
        }
        let der = try #require(chapter.steps.first { $0.title.contains("DER bytes") })
        #expect(der.observed == "allowed")
        #expect(der.details.contains("verdict: trusted"))
    }

    @Test("the vault chapter stores, refuses, keeps device-bound items home and leaves no plaintext")
    func demoVaultChapter() async throws {
        let result = try await DemoReport.run.value
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(report.chapter("Keychain-style secrets: the vault"))
        #expect(
            chapter.steps.map { "\($0.title): \($0.expected)" } == [
                "A generic password stored in a new vault reads back: allowed",
                "The same file opened with a wrong passphrase gives nothing: blocked",
                "An item stored whenUnlockedThisDeviceOnly is left out of a backup: blocked",
                "The vault files and the backup hold no plaintext: no secret, service or account: blocked",
            ])
        for step in chapter.steps {
            #expect(step.succeeded, "\(step.title): observed \(step.observed): \(step.details)")
        }
        let details = chapter.steps.flatMap(\.details)
        #expect(details.contains { $0.contains("scrypt work factor 4") })
        #expect(details.contains { $0.hasPrefix("unlock: wrong vault passphrase:") })
        #expect(details.contains { $0.hasPrefix("exported 1 of 2 items") })
        #expect(details.contains { $0.contains("service \"push-notifications\"") && $0.contains("no such item") })
        #expect(details.contains { $0.hasPrefix("demo.vault: ") && $0.hasSuffix("none found") })
        // Values are shown masked: four characters and the length, never the random part.
        #expect(!result.standardOutputText.contains(/(tok|dev)_[0-9a-f]/))
    }

    @Test("the end-to-end chapter: the relay carries only ciphertext; Mallory can neither read nor forge")
    func demoEndToEndChapter() async throws {
        let result = try await DemoReport.run.value
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(report.chapter("End-to-end encryption: a relay that cannot read or forge"))
        #expect(
            chapter.steps.map { "\($0.title): \($0.expected)" } == [
                "Alice and Bob keep post-quantum identities in their vaults and compare a safety number: allowed",
                "Alice posts a sealed, signed message to the relay (pinned HTTPS): allowed",
                "Bob fetches it, opens it and checks it came from Alice: allowed",
                "The relay saw only ciphertext: blocked",
                "Mallory (the relay operator) tries to open the message: blocked",
                "Mallory swaps in a message signed with her own key; Bob expects Alice: blocked",
            ])
        for step in chapter.steps {
            #expect(step.succeeded, "\(step.title): observed \(step.observed): \(step.details)")
        }
        let details = chapter.steps.flatMap(\.details)
        #expect(details.contains { $0.hasPrefix("not a recipient:") })
        #expect(details.contains { $0.hasPrefix("wrong sender:") })
    }

    @Test("the CT chapter: validation alone accepts an unlogged leaf; with a log list only the logged one passes")
    func demoTransparencyChapter() async throws {
        let result = try await DemoReport.run.value
        let report = try JSONDecoder().decode(DemoReport.self, from: result.standardOutput)
        let chapter = try #require(
            report.chapter("Certificate Transparency: SCTs checked against a log list, as Apple does"))
        #expect(chapter.steps.map(\.expected) == ["allowed", "allowed", "blocked", "blocked"])
        for step in chapter.steps {
            #expect(step.succeeded, "\(step.title): observed \(step.observed): \(step.details)")
        }
        let details = chapter.steps.flatMap(\.details)
        #expect(details.contains { $0.hasPrefix("SCT Lab Nimbus (Lab Cloudflare)") && $0.hasSuffix("embedded: valid") })
        #expect(details.contains { $0.hasPrefix("meets apple's CT policy") })
        #expect(details.contains { $0 == "requests that reached the server: 0" })
    }

    @Test("the text demo narrates the handshake without colour when NO_COLOR is set")
    func demoText() async throws {
        let result = try await RampartBinary.runDemo([], environment: ["NO_COLOR": "1"])
        #expect(result.exitCode == 0, "\(result.standardErrorText)")
        #expect(result.standardOutputText.contains("A client that trusts the lab root connects"))
        #expect(result.standardOutputText.contains("HTTP 200"))
        #expect(result.standardOutputText.contains("Encryption at rest: age v1 and RNCryptor v3"))
        #expect(result.standardOutputText.contains("no plaintext file was written, not even a partial one"))
        #expect(result.standardOutputText.contains("Keychain-style secrets: the vault"))
        #expect(result.standardOutputText.contains("went as expected."))
        #expect(!result.standardOutputText.contains("\u{1B}["))
    }
}
