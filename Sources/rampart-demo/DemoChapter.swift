import Foundation
import RampartTestKit

/// A chapter of `rampart-demo`: one capability shown end to end on the lab.
///
/// Each capability adds its own chapter file and lists it in ``DemoCommand/chapters``, so the demo
/// always shows every capability that exists.
protocol DemoChapter: Sendable {
    /// The chapter heading.
    var title: String { get }
    /// Runs the chapter's steps against the shared lab.
    func run(in lab: DemoLab) async throws -> [DemoStep]
}

/// What every chapter shares: the lab PKI and a private scratch folder removed at the end.
struct DemoLab: Sendable {
    let pki: LabPKI
    let scratch: URL
}

/// A chapter's steps under its title, as reported.
struct DemoChapterReport: Codable, Sendable {
    var title: String
    var steps: [DemoStep]
}
