import Foundation
import RampartScan
import RampartTestSupport
import Testing

@Suite("IPAAnalyzer", .timeLimit(.minutes(10)))
struct IPAAnalyzerTests {
    func scan(_ name: String, limits: IPALimits = IPALimits()) throws -> ScanFileResult {
        IPAAnalyzer(limits: limits).analyze(ScanFile(path: name, contents: [], url: try BinaryFixtures.url(name)))
    }

    @Test("a small .ipa end to end: Info.plist, executable (universal), framework binary, profile, certificate")
    func demo() throws {
        let result = try scan("Demo.ipa")
        #expect(result.problems.isEmpty, "\(result.problems)")
        func findings(_ rule: String, at path: String) -> [ScanFinding] {
            result.findings.filter { $0.ruleID == rule && $0.path == "Demo.ipa!/" + path }
        }
        // The binary Info.plist, through the property-list analyzer: ATS off, an OAuth scheme.
        #expect(!findings("RS-ATS-001", at: "Payload/Demo.app/Info.plist").isEmpty)
        #expect(!findings("RS-PLATFORM-003", at: "Payload/Demo.app/Info.plist").isEmpty)
        // The main executable named by CFBundleExecutable (a universal object): imports and strings, once each.
        let binary = "Payload/Demo.app/Demo"
        #expect(findings("RS-STORAGE-001", at: binary).count == 1)
        #expect(findings("RS-CRYPTO-004", at: binary).count == 2)
        #expect(findings("RS-NET-001", at: binary).contains { $0.message.contains("http://api.example.com/v1/login") })
        #expect(findings("RS-NET-001", at: binary).allSatisfy { $0.line == 0 && $0.message.contains(binary) })
        // The framework's binary, named as such.
        let tools = "Payload/Demo.app/Frameworks/Tools.framework/Tools"
        #expect(findings("RS-PLATFORM-001", at: tools).first?.message.contains(tools) == true)
        #expect(!findings("RS-NET-004", at: tools).isEmpty)
        // The profile: no devices, yet get-task-allow.
        #expect(!findings("RS-BINARY-001", at: "Payload/Demo.app/embedded.mobileprovision").isEmpty)
        // The bundled certificate: its pin offered.
        let pin = try #require(findings("RS-NET-007", at: "Payload/Demo.app/server.cer").first)
        #expect(pin.severity == .info)
        #expect(pin.message.contains("sha256/"))
        #expect(pin.message.contains("api.example.com"))
    }

    @Test("through the engine's default analyzers: an .ipa and a loose Mach-O object in a build folder")
    func engine() throws {
        let scratch = try ScratchFolder("scan-ipa")
        try FileManager.default.createDirectory(at: scratch.url("build/lib"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try BinaryFixtures.url("Demo.ipa"), to: scratch.url("build/Demo.ipa"))
        try FileManager.default.copyItem(
            at: try BinaryFixtures.url("webview-arm64.o"), to: scratch.url("build/lib/webview.o"))
        let report = try ScanEngine().scan([scratch.path("build")])
        let paths = Set(report.findings.map(\.path))
        #expect(paths.contains("Demo.ipa!/Payload/Demo.app/Demo"))
        #expect(paths.contains("Demo.ipa!/Payload/Demo.app/Info.plist"))
        #expect(paths.contains("lib/webview.o"))
        #expect(
            report.findings.filter { $0.path == "Demo.ipa!/Payload/Demo.app/Demo" && $0.ruleID == "RS-STORAGE-001" }
                .count == 1)
    }

    @Test("read from memory (no URL) gives the same findings as from disk")
    func inMemory() throws {
        let fromDisk = try scan("Demo.ipa").findings
        let bytes = try BinaryFixtures.bytes("Demo.ipa")
        let inMemory = IPAAnalyzer().analyze(ScanFile(path: "Demo.ipa", contents: bytes)).findings
        #expect(Set(inMemory) == Set(fromDisk))
    }

    @Test("an App Store binary (FairPlay-encrypted): a problem says its strings were not scanned")
    func encrypted() throws {
        let result = try scan("Encrypted.ipa")
        let problem = try #require(result.problems.first)
        #expect(problem.path == "Encrypted.ipa!/Payload/Store.app/Store")
        #expect(problem.message.contains("strings were not scanned"))
    }

    @Test("a zip bomb is stopped while it inflates, and reported")
    func bomb() throws {
        let result = try scan("bomb.ipa")
        let problem = try #require(result.problems.first { $0.path == "bomb.ipa!/Payload/Bomb.app/Bomb" })
        #expect(problem.message.contains("zip bomb"))
        var small = IPALimits()
        small.maximumBinarySize = 1 << 20
        let capped = try scan("bomb.ipa", limits: small)
        #expect(capped.problems.contains { $0.message.contains("more than the 1 MiB read") })
    }

    @Test("a member that inflates past what its headers say is stopped at the limit, not trusted")
    func lyingHeader() throws {
        var limits = IPALimits()
        limits.maximumBinarySize = 64 << 10
        let result = try scan("lying.ipa", limits: limits)
        let problem = try #require(result.problems.first { $0.path == "lying.ipa!/Payload/Lie.app/Lie" })
        #expect(problem.message.contains("inflates past 64 KiB although its header says 100 bytes"))
        // Within the default limits it is read whole and scanned (it is no Mach-O: said so).
        let whole = try scan("lying.ipa")
        #expect(
            whole.problems.contains {
                $0.path == "lying.ipa!/Payload/Lie.app/Lie" && $0.message.contains("not a Mach-O")
            })
    }

    @Test("members named with .. or an absolute path are reported and not read")
    func traversal() throws {
        let result = try scan("traversal.ipa")
        #expect(
            result.problems.contains {
                $0.path.hasSuffix("Payload/Up.app/../../evil.plist") && $0.message.contains("climbs out")
            })
        #expect(
            result.problems.contains { $0.path == "traversal.ipa!//etc/Info.plist" && $0.message.contains("absolute") })
        #expect(result.findings.allSatisfy { !$0.path.contains("..") && !$0.path.contains("/etc/") })
    }

    @Test("an archive inside the archive is reported, not opened")
    func nested() throws {
        let result = try scan("nested.ipa")
        #expect(
            result.problems.contains {
                $0.path == "nested.ipa!/Payload/Outer.app/Resources/bundle.zip" && $0.message.contains("not opened")
            })
        #expect(!result.findings.contains { $0.path.contains("Inner.app") })
    }

    @Test("not a zip, and a zip without Payload/: clear problems")
    func notAnApp() throws {
        let garbage = IPAAnalyzer().analyze(ScanFile(path: "broken.ipa", contents: Array("not a zip".utf8)))
        #expect(garbage.problems.first?.message.contains("not a readable zip archive") == true)
        let bundle = try BinaryFixtures.bytes("Demo.ipa")
        #expect(IPAAnalyzer().accepts(path: "x.zip", prefix: bundle.prefix(16)))
        #expect(IPAAnalyzer().accepts(path: "App.ipa", prefix: []))
        #expect(!IPAAnalyzer().accepts(path: "notes.txt", prefix: Array("text".utf8)[...]))
    }
}
