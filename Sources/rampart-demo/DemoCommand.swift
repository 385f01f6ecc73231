import ArgumentParser
import Foundation
import RampartCommandLine
import RampartTestKit

/// `rampart-demo`: runs every capability on an embedded lab and narrates what happened.
///
/// ```sh
/// swift run rampart-demo                  # narrated, coloured on a terminal
/// swift run rampart-demo --format json    # the same, for scripts
/// ```
struct DemoCommand: AsyncParsableCommand {
    /// `--format text|json`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "rampart-demo",
        abstract: "Build a lab PKI, start loopback TLS servers and show every Rampart capability at work.",
        discussion:
            "Everything happens on 127.0.0.1 and ::1; nothing reaches the network. Exit 0 when every step went as expected, 1 otherwise; 2 for a bad flag or value, 74 when standard output cannot be written, 141 when its reader went away."
    )

    /// The chapters, in the order they are shown.
    static let chapters: [any DemoChapter] = [
        LabHandshakeChapter(), PinningChapter(), HardenedClientChapter(), ATSPolicyChapter(),
        CertificateTransparencyChapter(), ATSDiagnosticsChapter(), EncryptionAtRestChapter(), VaultChapter(),
        EndToEndChapter(), InputContractsChapter(), AppScanChapter(),
    ]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lab = DemoLab(pki: try LabPKI.shared(), scratch: scratch)
        var reports: [DemoChapterReport] = []
        for chapter in Self.chapters {
            reports.append(DemoChapterReport(title: chapter.title, steps: try await chapter.run(in: lab)))
            if format == .text, let last = reports.last {
                try StandardOutput.line(Self.render(last, number: reports.count))
            }
        }
        let steps = reports.flatMap(\.steps)
        let failed = steps.filter { !$0.succeeded }.count
        switch format {
        case .json:
            try StandardOutput.json(DemoSummary(chapters: reports, steps: steps.count, failed: failed))
        case .text:
            try StandardOutput.line(
                failed == 0
                    ? Terminal.paint("All \(steps.count) steps went as expected.", 32)
                    : Terminal.paint("\(failed) of \(steps.count) steps did not go as expected.", 31))
        }
        if failed > 0 { throw CommandFailure("the demo did not go as expected", status: .policyViolation) }
    }

    static func render(_ chapter: DemoChapterReport, number: Int) -> String {
        var lines = ["\(number). \(chapter.title)"]
        for step in chapter.steps {
            let mark = step.succeeded ? Terminal.paint("✔", 32) : Terminal.paint("✘", 31)
            let verdict = step.observed == .blocked ? " [blocked]" : ""
            lines.append("   \(mark) \(step.title)\(verdict)")
            lines += step.details.map { "       \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The JSON form of the whole demo.
struct DemoSummary: Codable {
    var chapters: [DemoChapterReport]
    var steps: Int
    var failed: Int
}
