// What the whole-scan targets share: the input written to a scratch file named for its kind, scanned by
// `ScanEngine` with every analyzer (as `rampart scan` does, test code included), twice, and the promises every
// report keeps: the same report both times; findings only in that file (or, for an archive, its members);
// a file said to be "not analysed" has no finding; every problem names its file.
import Foundation
import RampartScan

enum FuzzScan {
    /// A folder of this process's own, made once, for the scratch inputs.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rampart-fuzz-scan-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Writes `data` to `folder/name`, scans it twice and checks the shared promises; the report, or nil when
    /// the engine refused the path as a whole (a `ScanError`, as the CLI exits 65 or 74 on it).
    @discardableResult
    static func run(_ target: String, _ data: Data, name: String) -> ScanReport? {
        let file = folder.appendingPathComponent(name)
        do {
            try data.write(to: file)
        } catch {
            FuzzCheck.fail(target, "cannot write the scratch input \(file.path): \(error)")
        }
        var configuration = ScanConfiguration()
        configuration.includeTests = true
        let engine = ScanEngine(configuration: configuration)
        let first = Result { () throws(ScanError) in try engine.scan([file.path]) }
        let second = Result { () throws(ScanError) in try engine.scan([file.path]) }
        FuzzCheck.require(first == second, target, "scanning the same file twice gives different reports")
        guard case .success(let report) = first else { return nil }
        let path = file.path
        for finding in report.findings {
            FuzzCheck.require(
                finding.path == path || finding.path.hasPrefix(path + "!/"), target,
                "a finding in \(finding.path), not in the input")
            FuzzCheck.require(finding.line >= 0 && finding.column >= 0, target, "a finding at a negative position")
        }
        for problem in report.problems {
            FuzzCheck.require(
                problem.path == path || problem.path.hasPrefix(path + "!/"), target,
                "a problem in \(problem.path), not in the input")
            FuzzCheck.require(!problem.message.isEmpty, target, "a problem without a message")
        }
        if report.problems.contains(where: { $0.path == path && $0.message.hasPrefix("not analysed:") }) {
            FuzzCheck.require(
                !report.findings.contains { $0.path == path }, target, "a file not analysed has findings")
        }
        return report
    }

    /// Lines of `bytes` as the engine counts them (line breaks, plus one for a last line without one).
    static func lineCount(_ bytes: Data) -> Int {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        if let last = bytes.last, last != 0x0A { count += 1 }
        return count
    }
}
