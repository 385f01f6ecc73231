import Foundation
import RampartPolicy
import RampartTestSupport
import Testing

@testable import RampartScan

#if canImport(Glibc)
    import Glibc
#endif

/// The tree a scan walks comes from a pull request: its links, FIFOs and swapped files must neither take the
/// scan out of the folder nor hang it.
@Suite("Scan engine: a hostile tree", .timeLimit(.minutes(10)))
struct EngineHostileTreeTests {
    func folder(_ files: [String: String]) throws -> ScratchFolder {
        let scratch = try ScratchFolder("scan-hostile-tree")
        for (name, text) in files {
            try FileManager.default.createDirectory(
                at: scratch.url(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = try scratch.write(name, text)
        }
        return scratch
    }

    @Test("a symbolic link out of the scanned folder is reported and not followed; one inside it is followed")
    func linksOutOfTheRoot() throws {
        let scratch = try folder([
            "App/A.swift": "INSECURE\n", "App/Inner/B.swift": "INSECURE\n", "Outside/Secret.swift": "INSECURE\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/parent"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("App/out"), withDestinationPath: scratch.path("Outside"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("App/out.swift"), withDestinationPath: "../Outside/Secret.swift")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/in"), withDestinationPath: "Inner")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("App/up"), withDestinationPath: ".")
        let report = try ScanEngine.testing().scan([scratch.path("App")])
        #expect(report.findings.map(\.path) == ["A.swift", "Inner/B.swift"], "\(report.findings)")
        let problems = Dictionary(uniqueKeysWithValues: report.problems.map { ($0.path, $0.message) })
        for path in ["parent", "out", "out.swift"] {
            #expect(problems[path]?.contains("a symbolic link out of the scanned folder") == true, "\(problems)")
        }
        #expect(problems["up"]?.contains("symbolic link loop") == true, "\(problems)")
        #expect(report.counts.files == 2)
    }

    @Test("a path named on the command line is followed wherever its link leads")
    func namedLink() throws {
        let scratch = try folder(["Outside/Secret.swift": "INSECURE\n"])
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("named"), withDestinationPath: scratch.path("Outside"))
        let report = try ScanEngine.testing().scan([scratch.path("named")])
        #expect(report.findings.map(\.path) == ["Secret.swift"])
    }

    @Test("a file swapped for a FIFO after the walk is reported, never waited on")
    func swappedForFIFO() throws {
        let scratch = try folder(["A.swift": "INSECURE\n", "B.swift": "INSECURE\n"])
        var walker = ScanTreeWalker(includeDependencies: false)
        try walker.add(scratch.path, shownAs: "")
        #expect(walker.candidates.map(\.path) == ["A.swift", "B.swift"])
        #expect(unlink(scratch.path("B.swift")) == 0)
        #expect(mkfifo(scratch.path("B.swift"), 0o600) == 0)
        // Should the scan open the FIFO and wait for a writer, this one comes after a while and closes at once,
        // so a regression fails the test instead of hanging the run.
        let writer = FIFOWriter(path: scratch.path("B.swift"))
        defer { writer.stop() }
        let outcome = ScanEngine.testing().scanFile(walker.candidates[1])
        #expect(!outcome.analyzed)
        #expect(outcome.problems.map(\.path) == ["B.swift"])
        #expect(outcome.problems.first?.message.contains("not a regular file") == true, "\(outcome.problems)")
        #expect(!writer.readerCame)
    }

    @Test("a file swapped for another file after the walk is not read")
    func swappedForAnotherFile() throws {
        let scratch = try folder(["A.swift": "INSECURE\n", "Other.swift": "let fine = 1\n"])
        var walker = ScanTreeWalker(includeDependencies: false)
        try walker.add(scratch.path, shownAs: "")
        #expect(rename(scratch.path("Other.swift"), scratch.path("A.swift")) == 0)
        let outcome = ScanEngine.testing().scanFile(walker.candidates[0])
        #expect(!outcome.analyzed)
        #expect(outcome.problems.first?.message.contains("replaced") == true, "\(outcome.problems)")
    }
}

/// Opens a FIFO for writing, without blocking, every 50 ms for 20 seconds; once a reader has it open, closes
/// it again (the reader sees the end of the input) and records that one came.
final class FIFOWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var came = false

    init(path: String) {
        Thread.detachNewThread { [self] in
            for _ in 0..<400 {
                if lock.withLock({ stopped }) { return }
                let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if descriptor >= 0 {
                    close(descriptor)
                    lock.withLock { came = true }
                    return
                }
                usleep(50_000)
            }
        }
    }

    var readerCame: Bool { lock.withLock { came } }
    func stop() { lock.withLock { stopped = true } }
}
