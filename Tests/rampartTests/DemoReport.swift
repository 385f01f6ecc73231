import Foundation
import RampartTestSupport

/// `rampart-demo --format json` as the tests read it: chapters, their steps, and the totals.
struct DemoReport: Decodable {
    struct Chapter: Decodable {
        var title: String
        var steps: [Step]
    }

    struct Step: Decodable {
        var title: String
        var expected: String
        var observed: String
        var details: [String]

        /// The step went as the demo expects.
        var succeeded: Bool { expected == observed }
    }

    /// One `rampart-demo --format json` run, shared by the tests that read it: the demo starts
    /// servers and derives scrypt keys, so each test running its own would only add load.
    static let run = Task { try await RampartBinary.runDemo(["--format", "json"]) }

    var chapters: [Chapter]
    var steps: Int
    var failed: Int

    /// The chapter titled `title`, if the demo has one.
    func chapter(_ title: String) -> Chapter? { chapters.first { $0.title == title } }
}
