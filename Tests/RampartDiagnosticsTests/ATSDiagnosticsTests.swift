import Foundation
import RampartDiagnostics
import RampartHTTP
import RampartPolicy
import RampartTestKit
import RampartTestSupport
import Testing

/// `ATSDiagnostics` against real `openssl s_server` peers configured the ways servers go wrong:
/// which configurations pass, the smallest exception, and the fix on the server.
@Suite("ATS diagnostics of live servers", .serialized)
struct ATSDiagnosticsTests {
    let pki: LabPKI

    init() throws {
        pki = try LabPKI.shared()
    }

    /// The bounds guard against a hang, not speed: a diagnosis here takes well under a second alone,
    /// but in the full parallel run on two cores its 16 loads can wait minutes for a thread. Both
    /// are raised: each configuration's `timeout` and the whole diagnosis's `maxTime` (whose 60 s
    /// default a diagnosis went past in two CI runs, once with fuzzers beside it, once without).
    var diagnostics: ATSDiagnostics {
        ATSDiagnostics(anchors: .only([pki.root.certificate]), timeout: .seconds(300), maxTime: .seconds(300))
    }

    func diagnose(_ configuration: OpenSSLServerConfiguration) async throws -> ATSDiagnosis {
        try await OpenSSLServer.withServer(configuration) { server in
            try await diagnostics.diagnose(try #require(URL(string: "https://localhost:\(server.port)/")))
        }
    }

    func result(_ diagnosis: ATSDiagnosis, _ name: String) -> ATSDiagnosticRun? {
        diagnosis.runs.first { $0.configuration.name == name }
    }

    @Test("a modern server passes the default configuration and every exception; the chain and TLS are reported")
    func modern() async throws {
        let diagnosis = try await diagnose(OpenSSLServerConfiguration(chain: try pki.chain(.good)))
        #expect(diagnosis.defaultPasses && diagnosis.arbitraryLoadsPass)
        #expect(diagnosis.minimalException == nil && diagnosis.serverFix == nil)
        #expect(diagnosis.runs.count == 16)
        #expect(
            diagnosis.runs.map(\.configuration.name).prefix(3) == [
                "ATS Default Connection", "Allow All Loads", "TLSv1.3",
            ])
        let first = try #require(diagnosis.runs.first)
        #expect(first.tlsVersion == "TLSv1.3" && first.cipherSuite?.hasPrefix("TLS_") == true && first.status == 200)
        #expect(
            diagnosis.chain.count == 2 && !diagnosis.chain[0].isCertificateAuthority
                && diagnosis.chain[1].isCertificateAuthority)
        #expect(diagnosis.certificateRuleViolations.isEmpty)
        #expect(diagnosis.notes.contains { if case .localHost = $0 { true } else { false } })
    }

    @Test("a TLS 1.3-only server passes; a TLS 1.2 minimum is no obstacle")
    func tls13Only() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.good))
        configuration.extraArguments = ["-tls1_3"]
        let diagnosis = try await diagnose(configuration)
        #expect(diagnosis.defaultPasses)
        #expect(result(diagnosis, "TLSv1.3")?.passed == true && result(diagnosis, "TLSv1.0")?.passed == true)
    }

    @Test("a TLS 1.0-only server: the smallest exception is NSExceptionMinimumTLSVersion TLSv1.0; enable TLS 1.2")
    func tls10Only() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.good), securityLevel: 0)
        configuration.extraArguments = ["-tls1"]
        let diagnosis = try await diagnose(configuration)
        #expect(!diagnosis.defaultPasses && diagnosis.arbitraryLoadsPass)
        #expect(diagnosis.minimalException == ATSExceptionKeys(minimumTLSVersion: .v1_0))
        #expect(result(diagnosis, "TLSv1.1")?.passed == false)
        #expect(
            result(diagnosis, "ATS Default Connection")?.reason?.contains("no TLS version at or above TLSv1.2") == true)
        #expect(
            diagnosis.serverFix?.hasPrefix("enable TLS 1.2 (or 1.3) on the server") == true,
            "\(diagnosis.serverFix ?? "")")
        #expect(diagnosis.minimalExceptionRun?.tlsVersion == "TLSv1.0")
        let fragment = try #require(diagnosis.minimalException?.propertyListFragment(host: diagnosis.host))
        #expect(fragment.contains("<key>localhost</key>") && fragment.contains("<string>TLSv1.0</string>"))
        #expect(!diagnosis.chain.isEmpty, "the probe reads TLS 1.0 servers' chains too")
    }

    @Test("TLS 1.1 with RSA key exchange only: TLS 1.1 minimum and forward secrecy off, both needed")
    func tls11RSAOnly() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.rsa2048))
        configuration.extraArguments = ["-tls1_1", "-cipher", "AES128-SHA:@SECLEVEL=0"]
        let diagnosis = try await diagnose(configuration)
        #expect(!diagnosis.defaultPasses)
        #expect(diagnosis.minimalException == ATSExceptionKeys(minimumTLSVersion: .v1_1, disablesForwardSecrecy: true))
        #expect(
            result(diagnosis, "TLSv1.1")?.passed == false
                && result(diagnosis, "Disabling Perfect Forward Secrecy")?.passed == false)
        #expect(diagnosis.serverFix?.contains("TLS 1.2 (or 1.3) with ECDHE") == true, "\(diagnosis.serverFix ?? "")")
    }

    @Test("TLS 1.2 without ECDHE: NSExceptionRequiresForwardSecrecy NO alone; enable ECDHE suites")
    func noForwardSecrecy() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.rsa2048), disablesTLS13: true)
        configuration.extraArguments = ["-cipher", "AES128-GCM-SHA256"]
        let diagnosis = try await diagnose(configuration)
        #expect(diagnosis.minimalException == ATSExceptionKeys(disablesForwardSecrecy: true))
        let reason = result(diagnosis, "ATS Default Connection")?.reason ?? ""
        #expect(reason.contains("forward-secret (ECDHE)"), "\(reason)")
        #expect(diagnosis.serverFix?.contains("enable ECDHE") == true)
        #expect(diagnosis.minimalExceptionRun?.cipherSuite == "TLS_RSA_WITH_AES_128_GCM_SHA256")
    }

    @Test(
        "weak certificates: no exception entry helps, only arbitrary loads (SHA-1) or nothing (RSA-1024); the rule is named",
        arguments: [LabScenario.sha1Signed, .rsa1024])
    func weakCertificates(scenario: LabScenario) async throws {
        let diagnosis = try await diagnose(OpenSSLServerConfiguration(chain: try pki.chain(scenario), securityLevel: 0))
        #expect(!diagnosis.defaultPasses && diagnosis.minimalException == nil)
        #expect(!diagnosis.certificateRuleViolations.isEmpty)
        #expect(diagnosis.serverFix?.hasPrefix("replace the certificate") == true, "\(diagnosis.serverFix ?? "")")
        if scenario == .sha1Signed {
            #expect(diagnosis.arbitraryLoadsPass, "ATS's certificate rules do not apply under arbitrary loads")
            #expect(
                diagnosis.certificateRuleViolations.contains { $0.lowercased().contains("sha1") },
                "\(diagnosis.certificateRuleViolations)")
        } else {
            #expect(
                diagnosis.certificateRuleViolations.contains { $0.contains("1024") },
                "\(diagnosis.certificateRuleViolations)")
        }
    }

    @Test(
        "trust failures: nothing loads it, and the fix says what is wrong with the chain",
        arguments: [
            (LabScenario.expired, "renew the certificate"), (.wrongHost, "subjectAltName names localhost"),
            (.missingIntermediate, "serve the whole chain"),
        ])
    func trustFailures(scenario: LabScenario, fix: String) async throws {
        let diagnosis = try await diagnose(OpenSSLServerConfiguration(chain: try pki.chain(scenario)))
        #expect(!diagnosis.defaultPasses && !diagnosis.arbitraryLoadsPass && diagnosis.minimalException == nil)
        #expect(diagnosis.runs.allSatisfy { !$0.passed })
        #expect(diagnosis.serverFix?.contains(fix) == true, "\(diagnosis.serverFix ?? "")")
    }

    @Test("a server that closes at once and a port without TLS: every configuration fails, with the reason")
    func noTLS() async throws {
        for script in [LabScriptedPeer.Script.closeAtOnce, .http] {
            let diagnosis = try await LabScriptedPeer.with(script) { port in
                try await diagnostics.diagnose(try #require(URL(string: "https://127.0.0.1:\(port)/")))
            }
            #expect(diagnosis.runs.allSatisfy { !$0.passed && $0.reason != nil })
            #expect(diagnosis.chain.isEmpty && diagnosis.notes.contains { $0.code == "servedChainUnreadable" })
            #expect(diagnosis.serverFix?.contains("TLS") == true, "\(diagnosis.serverFix ?? "")")
        }
    }

    @Test("a port nobody listens on: unreachable")
    func unreachable() async throws {
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }  // free once the peer stops
        let url = try #require(URL(string: "https://127.0.0.1:\(port)/"))
        do {
            _ = try await diagnostics.diagnose(url)
            Issue.record("a closed port was diagnosed")
        } catch {
            guard case .unreachable(let endpoint, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(endpoint.host.name == "127.0.0.1" && endpoint.port == port)
        }
    }

    @Test("the app's own Info.plist is the first row: its exception lets a TLS 1.0 server load")
    func appConfiguration() async throws {
        var configuration = OpenSSLServerConfiguration(chain: try pki.chain(.good), securityLevel: 0)
        configuration.extraArguments = ["-tls1"]
        var app = ATSConfiguration()
        app.exceptionDomains["localhost"] = ATSExceptionDomain(minimumTLSVersion: .v1_0)
        var withApp = diagnostics
        withApp.app = (app, "Info.plist")
        let diagnosis = try await OpenSSLServer.withServer(configuration) { server in
            try await withApp.diagnose(try #require(URL(string: "https://localhost:\(server.port)/")))
        }
        #expect(diagnosis.runs.first?.configuration.name == "App Info.plist" && diagnosis.runs.count == 17)
        #expect(diagnosis.appPasses == true && !diagnosis.defaultPasses)
    }
}
