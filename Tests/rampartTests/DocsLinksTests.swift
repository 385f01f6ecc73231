import Foundation
import RampartTestSupport
import Testing

/// The README fits a screen and sends readers to guides that exist: every relative link of the README and of the
/// pages under `docs/` names a file of the repository and, with `#anchor`, one of that page's headings.
@Suite("Docs links: the README fits a screen and every relative link resolves")
struct DocsLinksTests {
    static let root = PeerTools.packageRoot

    /// The Markdown pages a newcomer reads: the README, the top-level policies and everything under `docs/`.
    static func pages() throws -> [URL] {
        var pages = ["README.md", "SECURITY.md", "CHANGELOG.md", "Fuzz/README.md"].map {
            root.appendingPathComponent($0)
        }
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md" { pages.append(url) }
        }
        return pages.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `[text](target)` links outside fenced code blocks.
    static func links(in text: String) throws -> [(line: Int, target: String)] {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var inFence = false
        var found: [(Int, String)] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                if let target = Range(match.range(at: 1), in: line) { found.append((number + 1, String(line[target]))) }
            }
        }
        return found
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    static func anchors(of page: URL) throws -> Set<String> {
        let text = try String(contentsOf: page, encoding: .utf8)
        var inFence = false
        var anchors = Set<String>()
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test("README.md is at most 250 lines")
    func readmeFitsAScreen() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines; move the detail into a guide under docs/guides/")
    }

    @Test("Every relative link of the README and docs/ names an existing file and heading")
    func relativeLinksResolve() throws {
        var broken: [String] = []
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for (line, target) in try Self.links(in: text) {
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let file = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path)
                let name = page.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                guard FileManager.default.fileExists(atPath: file.path) else {
                    broken.append("\(name):\(line): \(target): no such file")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md",
                    !(try Self.anchors(of: file)).contains(String(parts[1]))
                {
                    broken.append("\(name):\(line): \(target): no such heading")
                }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    @Test("The README links every guide and reference page")
    func everyGuideIsLinked() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let targets = Set(try Self.links(in: readme).map { String($0.target.split(separator: "#")[0]) })
        for folder in ["docs/guides", "docs/reference"] {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent(folder).path)
            for name in names.sorted() where name.hasSuffix(".md") {
                #expect(targets.contains("\(folder)/\(name)"), "README.md does not link \(folder)/\(name)")
            }
        }
    }

    @Test("The anchor of a heading is GitHub's")
    func anchors() {
        #expect(Self.anchor("Depending on the integrations") == "depending-on-the-integrations")
        #expect(Self.anchor("`rampart scan`: audit an iOS app") == "rampart-scan-audit-an-ios-app")
        #expect(Self.anchor("RS-NET-001") == "rs-net-001")
    }
}
