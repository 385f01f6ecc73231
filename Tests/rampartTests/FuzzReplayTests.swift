// Replays every committed fuzz input (the seed corpora in Fuzz/Corpus and the inputs that once
// broke something, in Fuzz/Regressions) through the uninstrumented `rampart-fuzz`, so the seeds
// stay valid inputs and a fixed crash or broken invariant cannot come back unnoticed.
import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

@Suite("rampart-fuzz replay")
struct FuzzReplayTests {
    /// The `rampart-fuzz` executable built beside the test bundle.
    static var binary: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [besideTests, besideTests.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("rampart-fuzz")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return PeerTools.packageRoot.appendingPathComponent(".build/debug/rampart-fuzz")
    }

    static let fuzzFolder = PeerTools.packageRoot.appendingPathComponent("Fuzz")

    /// The target names `rampart-fuzz --list` prints.
    static func targets() async throws -> [String] {
        let listing = try await PeerProcess.runAsync(binary.path, ["--list"])
        guard listing.exitCode == 0 else {
            throw FuzzListError(
                description:
                    "\(binary.path) --list exited \(listing.exitCode): \(listing.standardErrorText.suffix(500))")
        }
        let names = listing.standardOutputText.split(separator: "\n").compactMap { $0.split(separator: "\t").first }
            .map(String.init)
        let malformed = names.filter { $0.isEmpty || !$0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
        guard !names.isEmpty, malformed.isEmpty else {
            throw FuzzListError(description: "\(binary.path) --list printed no target or odd names: \(malformed)")
        }
        return names
    }

    /// `rampart-fuzz --list` failed or printed something that is not a list of targets.
    struct FuzzListError: Error, CustomStringConvertible {
        let description: String
    }

    /// The files of `Fuzz/KIND/TARGET`, or none when the folder does not exist.
    static func folder(_ kind: String, _ target: String) -> URL? {
        let url = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    @Test("every target has a committed seed corpus, and every corpus folder names a target")
    func corporaMatchTargets() async throws {
        let targets = try await Self.targets()
        #expect(targets.count >= 13)
        for target in targets {
            let seeds =
                (try? FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.path + "/Corpus/\(target)"))
            #expect((seeds?.count ?? 0) > 0, "Fuzz/Corpus/\(target) is missing or empty")
        }
        for kind in ["Corpus", "Regressions"] {
            let folders =
                (try? FileManager.default.contentsOfDirectory(atPath: Self.fuzzFolder.path + "/\(kind)")) ?? []
            for folder in folders where !folder.hasPrefix(".") {
                #expect(targets.contains(folder), "Fuzz/\(kind)/\(folder) is not a rampart-fuzz target")
            }
        }
    }

    /// Every target is replayed: the list comes from `rampart-fuzz --list` itself (run when the
    /// tests are discovered), so a target added to the tool is replayed without editing this file.
    @Test(
        "every seed and regression input of every target replays without a crash or broken invariant",
        arguments: try await FuzzReplayTests.targets())
    func replay(target: String) async throws {
        let folders = [Self.folder("Corpus", target), Self.folder("Regressions", target)].compactMap { $0?.path }
        try #require(!folders.isEmpty, "no inputs for \(target)")
        let result = try await PeerProcess.runAsync(Self.binary.path, [target] + folders)
        #expect(result.exitCode == 0, "\(result.standardErrorText.suffix(2000))")
        #expect(result.standardOutputText.contains("no failure"))
    }
}
