import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans an iOS app's sources, property lists and archives against the rules in ``ScanRule/catalog``.
///
/// Give it folders (an Xcode project, a Swift package, any tree), single files or `.ipa`s. It walks folders
/// following a symbolic link only when it stays inside the folder (never out of it, never into a loop), opens
/// each file only if it is still the regular file the walk listed, leaves out `.git`, `.build`, `DerivedData`
/// and (unless asked) `Pods` and `Carthage`, reads each file within a size limit, hands it to every analyzer
/// that accepts it, and scans files on every core; the report is the same whatever the order the files finished
/// in. Files it cannot read whole (unreadable, too large, source that is not UTF-8) are ``ScanProblem``s in the
/// report, never a crash. Findings in test code are left out unless ``ScanConfiguration/includeTests`` is set; findings under a
/// `rampart:ignore` comment with a reason are left out and counted (``ScanSuppression``).
///
/// ```swift
/// let engine = ScanEngine()   // every analyzer: ScanAnalyzers.default
/// let report = try engine.scan(["MyApp"])
/// for finding in report.findings {
///     print("\(finding.path):\(finding.line):\(finding.column): \(finding.ruleID) \(finding.message)")
/// }
/// ```
public struct ScanEngine: Sendable {
    public var configuration: ScanConfiguration

    /// Bytes each analyzer is shown to decide whether it reads a file.
    public static let prefixLength = 16

    public init(configuration: ScanConfiguration = ScanConfiguration()) {
        self.configuration = configuration
    }

    /// Scans `paths` (folders, files, archives). Paths in the report are relative to the folder when one folder
    /// is scanned, and start with the path as given otherwise. Throws when a path does not exist, when a path
    /// named (not found in a folder) cannot be read at all, and when one of ``ScanConfiguration/outputs`` is a
    /// file the scan reads.
    public func scan(_ paths: [String]) throws(ScanError) -> ScanReport {
        var walker = ScanTreeWalker(includeDependencies: configuration.includeDependencies)
        let single = paths.count == 1 && Self.isFolder(paths[0])
        for path in paths {
            try walker.add(path, shownAs: single ? "" : Self.trimmed(path))
        }
        let root =
            single
            ? Self.absolute(paths[0]) : FileManager.default.currentDirectoryPath
        try Self.refuseOutputs(configuration.outputs, among: walker.candidates)
        var counts = ScanReportCounts(foldersSkipped: walker.foldersSkipped)
        var candidates: [ScanTreeWalker.Candidate] = []
        for candidate in walker.candidates {
            if !configuration.includeTests && !candidate.named && ScanTestCode.isTestPath(candidate.relativePath) {
                counts.testFilesSkipped += 1
            } else {
                candidates.append(candidate)
            }
        }
        let progress = ScanProgressCounter(total: candidates.count, report: configuration.progress)
        let files = candidates
        let outcomes = ParallelMap.run(files.count) { index in
            defer { progress.advance() }
            return self.scanFile(files[index])
        }
        progress.finish()
        var findings: [ScanFinding] = []
        var problems = walker.problems
        // A path the user named that could not be read at all fails the scan: a gate must not pass it.
        if let failure = outcomes.lazy.compactMap({ $0?.failure }).first { throw failure }
        for outcome in outcomes {
            guard let outcome else { continue }
            problems += outcome.problems
            guard outcome.analyzed else {
                counts.filesNotAnalyzed += 1
                continue
            }
            counts.files += 1
            counts.filesByKind[outcome.kind, default: 0] += 1
            counts.lines += outcome.lines
            counts.suppressed += outcome.suppressed
            if outcome.isTest && !configuration.includeTests {
                counts.testFilesSkipped += 1
            } else {
                findings += outcome.findings
            }
        }
        findings.sort(by: Self.inReportOrder)
        problems.sort { ($0.path, $0.message) < ($1.path, $1.message) }
        return ScanReport(root: root, findings: findings, problems: problems, counts: counts)
    }

    /// Throws when one of `outputs` is a file among `candidates` (the same device and inode, whatever the name).
    static func refuseOutputs(_ outputs: [String], among candidates: [ScanTreeWalker.Candidate]) throws(ScanError) {
        guard !outputs.isEmpty else { return }
        let byIdentity = Dictionary(candidates.map { ($0.identity, $0.path) }, uniquingKeysWith: { first, _ in first })
        for output in outputs {
            guard let identity = try? FileIdentity(path: output), let input = byIdentity[identity] else { continue }
            throw .outputIsInput(output: output, input: input)
        }
    }

    /// Path, line, column, rule, then message: the order of every report.
    static func inReportOrder(_ a: ScanFinding, _ b: ScanFinding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }

    /// What scanning one file gave.
    struct FileOutcome: Sendable {
        var kind: String
        var analyzed = false
        var isTest = false
        var lines = 0
        var suppressed = 0
        var findings: [ScanFinding] = []
        var problems: [ScanProblem] = []
        /// Set when the file is one the user named and nothing of it could be read.
        var failure: ScanError?
    }

    func scanFile(_ candidate: ScanTreeWalker.Candidate) -> FileOutcome {
        var outcome = FileOutcome(kind: ScanFileKind.of(candidate.path))
        let descriptor: Int32
        do throws(IOError) {
            // Never a link, a FIFO or a device put in the file's place since the walk (no hang), and only the
            // very file the walk listed.
            descriptor = try FileDescriptorIO.openRegularFile(candidate.location)
            if (try? FileIdentity(descriptor: descriptor)) != candidate.identity {
                close(descriptor)
                throw IOError(
                    .notAFile, .open, path: candidate.path, message: "it was replaced by another file during the scan")
            }
        } catch {
            let reason = error.reason ?? error.message ?? error.description
            if candidate.named {
                outcome.failure =
                    error.code == .notFound
                    ? .missingPath(candidate.path) : .unreadableInput(candidate.path, reason: reason)
            }
            // Report only files an analyzer would have read.
            if configuration.analyzers.contains(where: { $0.accepts(path: candidate.path, prefix: []) }) {
                outcome.problems.append(
                    ScanProblem(path: candidate.path, message: "cannot be read (\(reason)); it was not scanned"))
            }
            return outcome
        }
        defer { close(descriptor) }
        let prefix: [UInt8]
        do {
            // A regular file gives a whole read up to its end.
            prefix = Array(try FileDescriptorIO.read(descriptor, name: candidate.path, upTo: Self.prefixLength))
        } catch {
            let reason = error.reason ?? error.description
            if candidate.named { outcome.failure = .unreadableInput(candidate.path, reason: reason) }
            outcome.problems.append(
                ScanProblem(path: candidate.path, message: "cannot be read (\(reason)); it was not scanned"))
            return outcome
        }
        let accepting = configuration.analyzers.filter { $0.accepts(path: candidate.path, prefix: prefix[...]) }
        guard !accepting.isEmpty else { return outcome }
        // Analyzers that read the file themselves reopen the descriptor already checked, not the name.
        let url = URL(fileURLWithPath: Self.descriptorPath(descriptor) ?? candidate.location)
        var contents: [UInt8] = []
        var text: String?
        if accepting.contains(where: { !$0.readsFromDisk }) {
            let limit = configuration.maximumFileSize
            var info = stat()
            let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
            do throws(IOError) {
                guard size <= limit else { throw IOError.tooLarge(path: candidate.path, limit: limit) }
                contents =
                    prefix
                    + Array(
                        try FileDescriptorIO.readAll(
                            descriptor, name: candidate.path, limit: max(0, limit - prefix.count)))
            } catch {
                let reason =
                    error.code == .tooLarge
                    ? "\(max(size, limit + 1)) bytes or more, over the \(limit) a file is read up to"
                    : "cannot be read (\(error.reason ?? error.description))"
                if candidate.named && error.code != .tooLarge {
                    outcome.failure = .unreadableInput(candidate.path, reason: error.reason ?? error.description)
                }
                outcome.problems.append(ScanProblem(path: candidate.path, message: "\(reason); it was not scanned"))
                return outcome
            }
            text = String(validating: contents, as: UTF8.self)
            if text == nil && ScanFileKind.isSource(outcome.kind) {
                if candidate.named {
                    outcome.failure = .malformedInput(
                        candidate.path, reason: "not UTF-8 text (\(ScanFileKind.firstInvalidUTF8(contents)))")
                }
                outcome.problems.append(
                    ScanProblem(
                        path: candidate.path,
                        message: "not UTF-8 text (\(ScanFileKind.firstInvalidUTF8(contents))); it was not scanned: "
                            + "save it as UTF-8"))
                return outcome
            }
        }
        outcome.analyzed = true
        if let text {
            outcome.lines = Self.lineCount(contents)
            outcome.isTest = !candidate.named && ScanFileKind.isSource(outcome.kind) && ScanTestCode.isTestSource(text)
        }
        if outcome.isTest && !configuration.includeTests { return outcome }
        var findings: [ScanFinding] = []
        for analyzer in accepting {
            let file = ScanFile(path: candidate.path, contents: analyzer.readsFromDisk ? [] : contents, url: url)
            let result = analyzer.analyze(file)
            findings += result.findings
            outcome.problems += result.problems
            if candidate.named, let reason = result.malformed {
                outcome.failure = .malformedInput(candidate.path, reason: reason)
            }
        }
        let suppressions = text.map(ScanSuppression.all(in:)) ?? []
        var used = Set<Int>()
        if let text, !findings.isEmpty {
            let source = ScanSourceLines(text)
            let own = findings.filter { $0.path == candidate.path }
            findings = source.completing(own) + findings.filter { $0.path != candidate.path }
            if !suppressions.isEmpty {
                let before = findings.count
                findings.removeAll { finding in
                    guard finding.path == candidate.path,
                        let index = suppressions.firstIndex(where: {
                            $0.suppresses(ruleID: finding.ruleID, line: finding.line)
                        })
                    else { return false }
                    used.insert(index)
                    return true
                }
                outcome.suppressed = before - findings.count
            }
        }
        if !suppressions.isEmpty {
            let known = Set(ScanRule.catalog.map(\.id))
            for (index, suppression) in suppressions.enumerated() {
                if let problem = suppression.problem(knownRuleIDs: known)
                    ?? suppression.unusedProblem(used.contains(index))
                {
                    outcome.problems.append(ScanProblem(path: candidate.path, message: problem))
                }
            }
        }
        outcome.findings = findings
        return outcome
    }

    /// Line breaks, plus one for a last line without one.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        for byte in bytes where byte == 0x0A { count += 1 }
        if let last = bytes.last, last != 0x0A { count += 1 }
        return count
    }

    /// A name that opens the file already open as `descriptor` (`/proc/self/fd/N`, `/dev/fd/N`), when the
    /// system has one.
    static func descriptorPath(_ descriptor: Int32) -> String? {
        #if os(Linux)
            let path = "/proc/self/fd/\(descriptor)"
        #else
            let path = "/dev/fd/\(descriptor)"
        #endif
        return access(path, R_OK) == 0 ? path : nil
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.path
    }

    /// `path` without trailing slashes or a leading `./`, as a prefix of report paths.
    static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        while path.hasPrefix("./") && path.count > 2 { path = path.dropFirst(2) }
        return String(path)
    }
}
