import Foundation
import Testing

/// Libraries say what is wrong in library terms; only the command line names its flags
/// (`FlagHint`). A string literal in `Sources/Rampart*` holding `--name` fails this test unless it
/// is allowed below with a reason.
@Suite("Library messages name no CLI flag")
struct LibraryMessagesNameNoFlagTests {
    /// Real non-flag uses: file (relative to `Sources/`) and the literal's flag, with why it is no
    /// message to a user.
    static let allowed: [(file: String, flag: String, reason: String)] = [
        ("RampartTestSupport/Peers/Curl.swift", "--proxy", "an argument passed to the curl peer, not a message"),
        ("RampartTestSupport/Peers/Curl.swift", "--noproxy", "an argument passed to the curl peer, not a message"),
    ]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// Every `--name` inside a string literal of `text`, outside comments.
    static func flags(in text: String) -> [String] {
        var found: [String] = []
        let literal = /"(?:[^"\\\n]|\\.)*"/
        let flag = /(?:^|[^A-Za-z0-9-])(--[a-z][a-z0-9-]*)/
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            for match in line.matches(of: literal) {
                found += match.output.matches(of: flag).map { String($0.output.1) }
            }
        }
        return found
    }

    @Test("the scanner finds a flag in a literal, and none in comments or IDNA labels")
    func scanner() {
        #expect(Self.flags(in: #"return "wait longer (--timeout SECONDS)""#) == ["--timeout"])
        #expect(Self.flags(in: #"/// run it with --timeout"#).isEmpty)
        #expect(Self.flags(in: #"let label = "xn--bcher-kva""#).isEmpty)
    }

    @Test("no string literal in Sources/Rampart* names a flag")
    func noFlags() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasPrefix("Rampart") }
        #expect(modules.count >= 8, "found the library folders: \(modules)")
        var offending: [String] = []
        for module in modules {
            let root = Self.sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let relative = "\(module)/\(file)"
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for flag in Self.flags(in: text)
                where !Self.allowed.contains(where: { $0.file == relative && $0.flag == flag }) {
                    offending.append("\(relative): \(flag)")
                }
            }
        }
        #expect(offending.isEmpty, "library messages name CLI flags; let the command add the hint: \(offending)")
    }
}
