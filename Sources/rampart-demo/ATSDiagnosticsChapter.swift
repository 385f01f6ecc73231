import Foundation
import RampartCommandLine
import RampartDiagnostics
import RampartHTTP
import RampartPolicy
import RampartTestKit

/// Chapter: ATS diagnostics of a legacy server, what `nscurl --ats-diagnostics` does on a Mac.
/// A lab server that speaks only TLS 1.0 fails ATS's default configuration; the diagnosis finds
/// the smallest `NSExceptionDomains` entry that loads it and the fix on the server; with that entry
/// in the app's dictionary the client loads the URL. A modern server passes as it is.
struct ATSDiagnosticsChapter: DemoChapter {
    let title = "ATS diagnostics: nscurl's matrix against a live server, the smallest exception, the fix"

    func run(in lab: DemoLab) async throws -> [DemoStep] {
        let diagnostics = ATSDiagnostics(anchors: .only([lab.pki.root.certificate]), timeout: .seconds(60))
        var legacy = LabServerConfiguration(chain: try lab.pki.chain(.good))
        legacy.minimumTLSVersion = .tlsv1
        legacy.maximumTLSVersion = .tlsv1
        var steps: [DemoStep] = []
        try await LabServer.withServer(legacy) { server in
            let url = try URL(string: "https://\(LabPKI.hostName):\(server.port)/").unwrapped()
            let diagnosis = try await diagnostics.diagnose(url)
            let passing = diagnosis.runs.filter(\.passed).map(\.configuration.name)
            steps.append(
                DemoStep(
                    title: "A TLS 1.0-only server fails ATS's default configuration",
                    expected: .blocked, observed: diagnosis.defaultPasses ? .allowed : .blocked,
                    details: [
                        "ATS Default Connection: " + (diagnosis.runs.first?.reason ?? "passed"),
                        "passing configurations: " + passing.joined(separator: "; "),
                    ]))
            var details =
                diagnosis.minimalException?.propertyListFragment(host: diagnosis.host)
                .split(separator: "\n").map(String.init) ?? ["no exception entry loads it"]
            details.append("fix on the server: " + (diagnosis.serverFix ?? "none"))
            steps.append(
                DemoStep(
                    title: "The smallest exception that loads it, ready to paste, and the server-side fix",
                    expected: .allowed, observed: diagnosis.minimalException == nil ? .blocked : .allowed,
                    details: details))
            guard let keys = diagnosis.minimalException else { return }
            var configuration = HTTPClientConfiguration()
            configuration.timeouts = HTTPTimeouts(all: .seconds(60))
            configuration.anchors = .only([lab.pki.root.certificate])
            configuration.policy = ATSPolicy(
                ATSConfiguration(exceptionDomains: [diagnosis.host: keys.exceptionDomain]), os: .ios17)
            let client = try HTTPClient(configuration: configuration)
            defer { client.shutdown() }
            do throws(HTTPClientError) {
                let (response, _) = try await client.get(url.absoluteString)
                steps.append(
                    DemoStep(
                        title: "With that entry in the app's Info.plist, the client loads the URL",
                        expected: .allowed, observed: .allowed,
                        details: [
                            "GET \(url.absoluteString): HTTP \(response.status) over "
                                + "\(response.connection.tlsVersion ?? "?") \(response.connection.cipherSuite ?? "")"
                        ]))
            } catch {
                steps.append(
                    DemoStep(
                        title: "With that entry in the app's Info.plist, the client loads the URL",
                        expected: .allowed, observed: .blocked, details: [error.description]))
            }
        }
        try await LabServer.withServer(LabServerConfiguration(chain: try lab.pki.chain(.good))) { server in
            let url = try URL(string: "https://\(LabPKI.hostName):\(server.port)/").unwrapped()
            let diagnosis = try await diagnostics.diagnose(url)
            let first = diagnosis.runs.first
            steps.append(
                DemoStep(
                    title: "A modern server passes ATS's default configuration as it is",
                    expected: .allowed, observed: diagnosis.defaultPasses ? .allowed : .blocked,
                    details: [
                        "ATS Default Connection: " + (first?.passed == true ? "PASS" : first?.reason ?? "FAIL")
                            + " (\(first?.tlsVersion ?? "?"), \(first?.cipherSuite ?? "?"))",
                        "\(diagnosis.runs.filter(\.passed).count) of \(diagnosis.runs.count) configurations pass",
                    ]))
        }
        return steps
    }
}

extension Optional {
    /// The value, or a demo failure naming what was missing.
    fileprivate func unwrapped() throws -> Wrapped {
        guard let self else { throw CommandFailure("the demo could not build a lab URL", status: .ioError) }
        return self
    }
}
