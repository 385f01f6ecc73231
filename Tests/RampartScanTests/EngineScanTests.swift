import Foundation
import RampartPolicy
import RampartScan
import RampartTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Scan engine: walking, reading, test code", .timeLimit(.minutes(10)))
struct EngineScanTests {
    func folder(_ files: [String: String]) throws -> ScratchFolder {
        let scratch = try ScratchFolder("scan-engine")
        for (name, text) in files {
            let url = scratch.url(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return scratch
    }

    @Test("a folder: findings sorted by path, line and column, paths relative to it, files counted by kind")
    func folderScan() throws {
        let scratch = try folder([
            "App/B.swift": "let a = 1\nlet b = \"INSECURE\" + \"INSECURE\"\n",
            "App/A.swift": "INSECURE\n",
            "App/Info.plist": "<plist>\n<string>INSECURE</string>\n</plist>\n",
            "App/logo.png": "INSECURE",
        ])
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.root == scratch.url.standardizedFileURL.path)
        #expect(
            report.findings.map { "\($0.path):\($0.line):\($0.column)" } == [
                "App/A.swift:1:1", "App/B.swift:2:10", "App/B.swift:2:23", "App/Info.plist:2:9",
            ])
        #expect(report.findings[1].snippet == "let b = \"INSECURE\" + \"INSECURE\"")
        #expect(
            report.findings[1].excerpt
                == ScanExcerpt(firstLine: 1, lines: ["let a = 1", "let b = \"INSECURE\" + \"INSECURE\""]))
        #expect(report.counts.files == 3)
        #expect(report.counts.filesByKind == ["swift": 2, "property-list": 1])
        #expect(report.counts.lines == 6)
        #expect(report.counts.filesNotAnalyzed == 1)
        #expect(report.problems.isEmpty)
    }

    @Test("a single file is scanned and named as given; several paths keep their names; a missing one throws")
    func filesAndMissing() throws {
        let scratch = try folder(["One.swift": "INSECURE\n", "Two/Two.swift": "x INSECURE\n"])
        let single = try ScanEngine.testing().scan([scratch.path("One.swift")])
        #expect(single.findings.map(\.path) == [scratch.path("One.swift")])
        #expect(single.root == FileManager.default.currentDirectoryPath)
        let both = try ScanEngine.testing().scan([scratch.path("One.swift"), scratch.path("Two")])
        #expect(both.findings.map(\.path) == [scratch.path("One.swift"), scratch.path("Two") + "/Two.swift"])
        #expect(throws: ScanError.missingPath(scratch.path("nothing"))) {
            try ScanEngine.testing().scan([scratch.path("nothing")])
        }
    }

    @Test(".git, .build and DerivedData are never scanned; Pods and Carthage only when asked")
    func skippedFolders() throws {
        let scratch = try folder([
            "App/A.swift": "INSECURE", ".git/x.swift": "INSECURE", ".build/x.swift": "INSECURE",
            "DerivedData/x.swift": "INSECURE", "Pods/Lib/x.swift": "INSECURE", "Carthage/Checkouts/x.swift": "INSECURE",
        ])
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.map(\.path) == ["App/A.swift"])
        #expect(report.counts.foldersSkipped == 5)
        let withDependencies = try ScanEngine.testing(includeDependencies: true).scan([scratch.path])
        #expect(
            withDependencies.findings.map(\.path) == ["App/A.swift", "Carthage/Checkouts/x.swift", "Pods/Lib/x.swift"])
    }

    @Test("test code is left out by path or by importing XCTest/Testing, and kept with includeTests")
    func testCode() throws {
        let scratch = try folder([
            "App/A.swift": "INSECURE",
            "AppTests/LoginTests.swift": "INSECURE",
            "App/UITests/Flow.swift": "INSECURE",
            "App/NetworkTests.m": "INSECURE",
            "App/Helpers.swift": "import Foundation\nimport XCTest\nINSECURE",
            "App/Uses.swift": "// import XCTest is mentioned, not done\nINSECURE",
        ])
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.map(\.path) == ["App/A.swift", "App/Uses.swift"])
        #expect(report.counts.testFilesSkipped == 4)
        let all = try ScanEngine.testing(includeTests: true).scan([scratch.path])
        #expect(all.findings.count == 6)
        #expect(all.counts.testFilesSkipped == 0)
        #expect(ScanTestCode.isTestPath("AppUITests/Flow.swift"))
        #expect(!ScanTestCode.isTestPath("App/Attestation.swift"))
    }

    @Test("a symbolic link loop is reported once and the walk ends; a link out of the folder is not followed")
    func symlinkLoop() throws {
        let scratch = try folder([
            "App/A.swift": "INSECURE", "App/Sub/B.swift": "INSECURE", "Outside.swift": "INSECURE",
        ])
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/Sub/loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/self"), withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/out"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("App/dangling"), withDestinationPath: "missing.swift")
        let report = try ScanEngine.testing().scan([scratch.path("App")])
        #expect(report.findings.map(\.path) == ["A.swift", "Sub/B.swift"])
        let loops = report.problems.filter { $0.message.contains("symbolic link loop") }
        #expect(loops.map(\.path).sorted() == ["Sub/loop", "self"])
        #expect(report.problems.contains { $0.path == "out" && $0.message.contains("out of the scanned folder") })
        #expect(report.problems.contains { $0.path == "dangling" && $0.message.contains("a symbolic link to nothing") })
    }

    @Test("a file that is not UTF-8 is a problem naming where, not a crash; the rest is scanned")
    func notUTF8() throws {
        let scratch = try folder(["A.swift": "INSECURE"])
        try Data([0x6C, 0x65, 0x74, 0x0A, 0x78, 0xFF, 0xFE, 0x0A]).write(to: scratch.url("Latin1.swift"))
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.map(\.path) == ["A.swift"])
        #expect(
            report.problems == [
                ScanProblem(
                    path: "Latin1.swift",
                    message: "not UTF-8 text (line 2, byte offset 5); it was not scanned: save it as UTF-8")
            ])
    }

    @Test("a 10 MB single line is scanned; the finding's snippet is cut around the column")
    func hugeLine() throws {
        let scratch = try ScratchFolder("scan-engine")
        var line = String(repeating: "a", count: 10_000_000)
        line += " INSECURE " + String(repeating: "b", count: 1000)
        try Data(line.utf8).write(to: scratch.url("Huge.swift"))
        let report = try ScanEngine.testing().scan([scratch.path])
        let finding = try #require(report.findings.first)
        #expect(finding.column == 10_000_002)
        let snippet = try #require(finding.snippet)
        #expect(snippet.count < 500 && snippet.contains("INSECURE") && snippet.hasPrefix("…") && snippet.hasSuffix("…"))
        #expect(report.counts.lines == 1)
    }

    @Test("thousands of findings on one long line each get a short snippet around their own column")
    func manyFindingsOnOneLine() throws {
        let scratch = try ScratchFolder("scan-engine")
        let unit = String(repeating: "x", count: 190) + " INSECURE "
        try Data(String(repeating: unit, count: 5_000).utf8).write(to: scratch.url("Wide.swift"))
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.count == 5_000)
        for finding in report.findings {
            let snippet = try #require(finding.snippet)
            #expect(snippet.utf8.count < 1_000 && snippet.contains("INSECURE"))
        }
        #expect(report.findings.last?.snippet?.hasSuffix("…") == false)
    }

    @Test("a file over the size limit is a problem and is not read")
    func tooLarge() throws {
        let scratch = try folder(["Big.swift": String(repeating: "INSECURE\n", count: 200), "Small.swift": "INSECURE"])
        let report = try ScanEngine.testing(maximumFileSize: 1000).scan([scratch.path])
        #expect(report.findings.map(\.path) == ["Small.swift"])
        #expect(report.problems.map(\.path) == ["Big.swift"])
        #expect(report.problems.first?.message.contains("1800 bytes or more, over the 1000") == true)
    }

    @Test("a FIFO is reported, never opened (no hang)")
    func fifo() throws {
        let scratch = try folder(["A.swift": "INSECURE"])
        #expect(mkfifo(scratch.path("Pipe.swift"), 0o600) == 0)
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.map(\.path) == ["A.swift"])
        #expect(report.problems.map(\.path) == ["Pipe.swift"])
    }

    @Test("an unreadable file is a problem (skipped as root, which reads every file)", .enabled(if: getuid() != 0))
    func unreadable() throws {
        let scratch = try folder(["A.swift": "INSECURE", "Locked.swift": "INSECURE"])
        #expect(chmod(scratch.path("Locked.swift"), 0) == 0)
        defer { chmod(scratch.path("Locked.swift"), 0o600) }
        let report = try ScanEngine.testing().scan([scratch.path])
        #expect(report.findings.map(\.path) == ["A.swift"])
        #expect(report.problems.first?.message.contains("Permission denied") == true)
    }

    @Test("the report is the same on every run (files scanned in parallel)")
    func deterministic() throws {
        var files: [String: String] = [:]
        for index in 0..<300 { files["F\(index % 7)/File\(index).swift"] = "x\nINSECURE y INSECURE\n" }
        let scratch = try folder(files)
        let first = try ScanEngine.testing().scan([scratch.path])
        let second = try ScanEngine.testing().scan([scratch.path])
        #expect(first == second)
        #expect(first.findings.count == 600)
    }
}
