import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// Shared helpers for the Seal suites: payloads, temporary folders and peer runs.
enum SealTestSupport {
    /// The sizes every round trip covers: empty, around an AES block, around an age chunk, and
    /// several chunks.
    static let sizes = [0, 1, 15, 16, 17, 65_535, 65_536, 65_537, 3 * 1_048_576 + 5]

    /// `count` random bytes.
    static func payload(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var words = [UInt64](repeating: 0, count: (count + 7) / 8)
        for index in words.indices { words[index] = generator.next() }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }

    /// A new empty folder, removed by the caller with `cleanUp`.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-seal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a peer and fails the test with its standard error when it exits non-zero.
    static func peer(_ program: String, _ arguments: [String], input: Data = Data()) async throws -> Data {
        let result = try await PeerProcess.runAsync(program, arguments, input: input)
        #expect(result.exitCode == 0, "\(program) \(arguments.joined(separator: " ")): \(result.standardErrorText)")
        return result.standardOutput
    }

    /// The Python interpreter of the peers' virtualenv; fails the test when `Scripts/test` has not made it.
    static func python() throws -> String {
        guard let python = PeerTools.python else {
            Issue.record("the peers' virtualenv is missing: run Scripts/test, which installs pyrage and rncryptor")
            throw PeerProcess.Failure.notInstalled("python3 (peers virtualenv)")
        }
        return python.path
    }
}
