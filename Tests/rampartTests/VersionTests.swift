import Foundation
import RampartHTTP
import RampartPolicy
import Testing

@Suite("The version: one place, printed and named by the changelog")
struct VersionTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("rampart --version prints RampartVersion.current")
    func printed() async throws {
        let result = try await RampartBinary.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) == RampartVersion.current)
    }

    @Test("the client's default User-Agent is Rampart/ and the same version")
    func userAgent() {
        #expect(HTTPClientConfiguration().userAgent == "Rampart/\(RampartVersion.current)")
    }

    @Test("CHANGELOG.md's newest entry is RampartVersion.current")
    func changelog() throws {
        let text = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(
            newest.dropFirst(3).hasPrefix(RampartVersion.current + " "),
            "CHANGELOG.md's newest entry is '\(newest)', but the version is \(RampartVersion.current)")
    }
}
