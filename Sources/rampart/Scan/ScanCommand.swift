import ArgumentParser
import Foundation
import RampartIO
import RampartPolicy
import RampartScan

/// `rampart scan PATH…`: audits an iOS app's Swift, Objective-C, property lists and `.ipa`s; findings as text,
/// JSON, SARIF or HTML; exit 1 at or above `--fail-on`, 3 when the report lists a problem (incomplete).
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan an iOS app (folders, source files, .ipa) for broken security practices, each with its fix.",
        usage: "rampart scan [<options>] <paths> ...",
        discussion: """
            Folders are walked following a symbolic link only when it stays inside the folder (never out of \
            it, never into a loop); .git, .build and DerivedData are never \
            scanned, Pods and Carthage only with --include-dependencies. Findings in test code (under a folder named \
            Tests or ending in Tests, files named …Tests.swift/…Tests.m, sources importing XCTest or Testing) are \
            left out unless --include-tests is given.

            Suppress one finding with a comment on its line or the line before: // rampart:ignore RS-NET-001 why it \
            is safe (the reason is required; <!-- … --> in property lists).

            A baseline (--write-baseline FILE, then --baseline FILE) hides the findings a team accepted, matched by \
            rule, file and code rather than line numbers, and lists entries that match nothing any more.

            -o and --write-baseline refuse an existing file unless --force is given, and refuse a file the scan \
            reads (through any name or link) even with --force.

            A file that was not analysed, or only partly (unreadable, not UTF-8, too large, over a limit that keeps \
            the scan's cost linear in its input, such as SwiftLimits.maximumBracketDepth), is a problem in the \
            report, and so is a suppression that cannot be honoured. Incomplete is not a pass: when the report lists \
            a problem the exit status is 3, whatever the findings; --allow-incomplete keeps it 0 or 1.

            Exit 0 when no finding is at or above --fail-on (default high), 1 when one is, 3 when the report lists \
            a problem (it wins over 1, unless --allow-incomplete), 2 usage, 65 a malformed \
            baseline or a named path that is not what it claims (a truncated .ipa, a source that is not UTF-8), 66 \
            a missing path or baseline, 73 an output that cannot be created or is a file the scan reads, 74 an I/O \
            error (a named path that cannot be read).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, html }

    @Argument(help: "Folders, source files or .ipa archives to scan.", transform: PathArgument.path)
    var paths: [String]
    @Option(help: "Output format: text, json, sarif or html.")
    var format: Format = .text
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "Write the report to FILE (replaced only once complete) instead of standard output.",
        transform: PathArgument.path)
    var output: String?
    @Flag(help: "Replace the -o or --write-baseline file if it exists (never a file the scan reads).")
    var force = false
    @Option(help: "Exit 1 when any finding is at or above this severity: info, low, medium or high.")
    var failOn: FindingSeverity = .high
    @Option(help: "Hide the findings this baseline file holds.", transform: PathArgument.path)
    var baseline: String?
    @Option(
        help: "Write every finding of this scan to FILE as a baseline (before --baseline hides any).",
        transform: PathArgument.path)
    var writeBaseline: String?
    @Flag(help: "Keep findings in test code.")
    var includeTests = false
    @Flag(help: "Scan Pods and Carthage (third-party code) too.")
    var includeDependencies = false
    @Flag(
        help: """
            Exit 0 or 1 by the findings alone when the report lists problems (files not analysed, or only partly), \
            instead of 3.
            """)
    var allowIncomplete = false

    /// Trees with at least this many files show progress on a terminal.
    static let progressThreshold = 200

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one folder, file or .ipa to scan") }
        if let output, output != "-", output == writeBaseline {
            throw ValidationError("-o and --write-baseline name the same file, \(output)")
        }
    }

    func run() async throws {
        // Outputs are checked before any work: a folder or a socket as -o is refused now, not after the scan.
        for (flag, path) in [("-o", output), ("--write-baseline", writeBaseline)] {
            guard let path, path != "-" else { continue }
            let target: OutputTarget
            do {
                target = try OutputTarget.inspect(path)
            } catch {
                throw CommandFailure("\(flag) \(path): \(error)", status: ExitStatus(error))
            }
            // An existing file inside a scanned folder may be one the scan reads: the scan says so, --force or
            // not, once its walk knows (ScanError.outputIsInput); any other is refused now.
            if target == .existing && !force && !isInsideScannedPaths(path) {
                throw CommandFailure(
                    "\(flag) \(path): cannot create the output: \(path) exists; pass --force to replace it",
                    status: .cannotCreate)
            }
        }
        let accepted: ScanBaseline?
        do {
            accepted = try baseline.map { path throws(ScanError) in try ScanBaseline.read(from: path) }
        } catch {
            throw CommandFailure("--baseline \(error)", status: ExitStatus(error))
        }
        var configuration = ScanConfiguration(
            includeTests: includeTests, includeDependencies: includeDependencies)
        configuration.progress = ScanProgressLine.reporter(threshold: Self.progressThreshold)
        // Never a report over the code it describes, --force or not.
        configuration.outputs = [output, writeBaseline].compactMap { $0 }.filter { $0 != "-" }
        var report: ScanReport
        do {
            report = try ScanEngine(configuration: configuration).scan(paths)
        } catch {
            throw CommandFailure(error.description, status: ExitStatus(error))
        }
        ScanProgressLine.clear()
        if let writeBaseline {
            try write(try ScanBaseline(report.findings).encoded(), to: writeBaseline, flag: "--write-baseline")
        }
        if let accepted { report = accepted.apply(to: report) }
        try write(try rendered(report), to: output, flag: "-o")
        let failing = report.findings(atOrAbove: failOn).count
        if !report.problems.isEmpty && !allowIncomplete {
            throw CommandFailure(
                "incomplete: \(report.problems.count) problem(s) in the report (files not analysed, or only partly)"
                    + (failing > 0 ? "; \(failing) finding(s) at or above \(failOn.rawValue)" : "")
                    + "; --allow-incomplete exits by the findings alone", status: .scanIncomplete)
        }
        if failing > 0 {
            throw CommandFailure("\(failing) finding(s) at or above \(failOn.rawValue)", status: .policyViolation)
        }
    }

    /// Whether `path`, with its links resolved, is one of ``paths`` or lies inside one.
    func isInsideScannedPaths(_ path: String) -> Bool {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return paths.contains { scanned in
            let folder = URL(fileURLWithPath: scanned).resolvingSymlinksInPath().path
            return resolved == folder || resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
    }

    func rendered(_ report: ScanReport) throws -> Data {
        switch format {
        case .text:
            let colour = (output == nil || output == "-") && Terminal.allowsColour(fileDescriptor: STDOUT_FILENO)
            return Data((ScanTextReport.render(report, colour: colour, field: \.reportField) + "\n").utf8)
        case .json: return try ScanJSONReport.render(report, toolVersion: Rampart.version)
        case .sarif: return try ScanSARIFReport.render(report, toolVersion: Rampart.version) + Data("\n".utf8)
        case .html: return Data(ScanHTMLReport.render(report, toolVersion: Rampart.version).utf8)
        }
    }

    /// `bytes` to standard output (`nil` or `-`), or to a file that appears only once complete.
    func write(_ bytes: Data, to path: String?, flag: String) throws {
        guard let path, path != "-" else {
            try StandardOutput.write(bytes)
            return
        }
        let file: AtomicFileOutput
        do {
            file = try AtomicFileOutput(path: path, replacing: force, mode: 0o644)
        } catch {
            let hint = error.code == .alreadyExists ? "; pass --force to replace it" : ""
            throw CommandFailure(
                "\(flag) \(path): cannot create the output: \(error)\(hint)", status: ExitStatus(error))
        }
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw CommandFailure("\(flag) \(path): I/O error: \(error)", status: ExitStatus(error))
        }
    }
}
