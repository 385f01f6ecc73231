import Foundation
import RampartTestSupport
import Testing

/// The reference pages in `docs/reference/` list exactly what the code has: the ATS audit rules and the
/// scanner's rules as the built `rampart` reports them in SARIF, the diagnose fields as the schema has them.
@Suite("Docs reference: rule and field pages match the CLI and the schemas")
struct DocsReferenceTests {
    @Test(
        "docs/reference agrees with rampart's rule catalogs and ats-diagnose.schema.json (Scripts/docs-reference --check)"
    )
    func referencePagesAgree() async throws {
        let script = PeerTools.packageRoot.appendingPathComponent("Scripts/docs-reference").path
        let result = try await PeerProcess.runAsync(script, ["--check", "--rampart", RampartBinary.url.path])
        #expect(
            result.exitCode == 0,
            "Scripts/docs-reference --check: exit \(result.exitCode)\n\(result.standardErrorText)\nRun Scripts/docs-reference and commit docs/reference."
        )
    }
}
