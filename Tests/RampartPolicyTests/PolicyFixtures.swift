import Foundation
import RampartPolicy
import RampartTestKit
import RampartTestSupport

/// Loads the committed fixtures, as XML or converted to binary with the toolchain's `plutil`.
enum PolicyFixtures {
    static func url(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw FixtureMissing(name: name)
        }
        return url
    }

    static func document(_ name: String) throws -> ATSDocument {
        try ATSDocument.load(contentsOf: try url(name))
    }

    /// The fixture converted with `plutil -convert binary1` into a fresh file in the test run's scratch folder.
    static func binaryCopy(_ name: String) async throws -> URL {
        let folder = try ScratchFolder.shared().subfolder("policy")
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: try url(name), to: copy)
        let result = try await PeerProcess.runAsync("plutil", ["-convert", "binary1", copy.path])
        guard result.exitCode == 0 else {
            throw PlutilFailed(output: result.standardErrorText + result.standardOutputText)
        }
        return copy
    }

    struct FixtureMissing: Error { var name: String }
    struct PlutilFailed: Error { var output: String }
}
