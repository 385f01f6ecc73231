import Foundation
import RampartScan
import Testing

/// An `.ipa` from a pull request can be built to show the scan one thing and an installer another.
@Suite("IPAAnalyzer: hostile archives", .timeLimit(.minutes(10)))
struct IPAHostileArchiveTests {
    static let insecurePlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleExecutable</key><string>App</string>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
        </dict></plist>
        """
    static let cleanPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleExecutable</key><string>App</string></dict></plist>
        """

    func analyze(_ bytes: [UInt8], name: String = "App.ipa") -> ScanFileResult {
        IPAAnalyzer().analyze(ScanFile(path: name, contents: bytes))
    }

    /// `archive` with the UTF-8 name flag (bit 11) set in every local and central header, and `placeholder`
    /// replaced by `raw` wherever it appears (in the names).
    static func withRawNames(_ archive: [UInt8], replacing placeholder: [UInt8], with raw: [UInt8]) -> [UInt8] {
        var bytes = archive
        var index = 0
        while index + 4 <= bytes.count {
            let signature = Array(bytes[index..<index + 4])
            if signature == [0x50, 0x4B, 0x03, 0x04] { bytes[index + 7] |= 0x08 }
            if signature == [0x50, 0x4B, 0x01, 0x02] { bytes[index + 9] |= 0x08 }
            if Array(bytes[index..<min(bytes.count, index + placeholder.count)]) == placeholder {
                bytes.replaceSubrange(index..<index + placeholder.count, with: raw)
            }
            index += 1
        }
        return bytes
    }

    @Test("a member whose name holds a NUL or bytes that are not UTF-8 is a problem, not skipped in silence")
    func unreadableNames() {
        let archive = StoredZip.archive([
            ("Payload/App.app/Info.plist", Array(Self.cleanPlist.utf8)),
            ("Payload/App.app/Settings#.plist", Array(Self.insecurePlist.utf8)),
            ("Payload/App.app/Other@.plist", Array(Self.insecurePlist.utf8)),
        ])
        let invalid = Self.withRawNames(archive, replacing: Array("#".utf8), with: [0xFF])
        let both = Self.withRawNames(invalid, replacing: Array("@".utf8), with: [0x00])
        let result = analyze(both)
        let named = result.problems.filter { $0.message.contains("not UTF-8") }
        #expect(named.count == 2, "\(result.problems)")
        #expect(named.contains { $0.path == "App.ipa!/Payload/App.app/Settings\u{FFFD}.plist" }, "\(named)")
        #expect(named.contains { $0.path == "App.ipa!/Payload/App.app/Other\\0.plist" }, "\(named)")
    }

    @Test("two members of one name: reported, and each copy scanned (an insecure Info.plist behind a clean one)")
    func duplicateNames() {
        for (first, second) in [(Self.insecurePlist, Self.cleanPlist), (Self.cleanPlist, Self.insecurePlist)] {
            let result = analyze(
                StoredZip.archive([
                    ("Payload/App.app/Info.plist", Array(first.utf8)),
                    ("Payload/App.app/Info.plist", Array(second.utf8)),
                ]))
            #expect(
                result.problems.contains {
                    $0.path == "App.ipa!/Payload/App.app/Info.plist" && $0.message.contains("2 members of this name")
                }, "\(result.problems)")
            let ats = result.findings.filter { $0.ruleID == "RS-ATS-001" }
            #expect(ats.count >= 1, "\(result.findings)")
            let expected =
                first == Self.insecurePlist
                ? "App.ipa!/Payload/App.app/Info.plist" : "App.ipa!/Payload/App.app/Info.plist (copy 2 of 2)"
            #expect(ats.allSatisfy { $0.path == expected }, "\(ats.map(\.path))")
        }
    }

    @Test("a bomb whose header declares a huge compressed size is still caught: the ratio counts bytes consumed")
    func bombWithLyingCompressedSize() throws {
        var bytes = try BinaryFixtures.bytes("bomb.ipa")
        // The central directory's entry of the binary: its name's last occurrence, 46 bytes into the entry.
        let name = Array("Payload/Bomb.app/Bomb".utf8)
        let at = try #require(
            (0...(bytes.count - name.count)).reversed().first { Array(bytes[$0..<$0 + name.count]) == name })
        let entry = at - 46
        #expect(bytes[entry..<entry + 4] == [0x50, 0x4B, 0x01, 0x02])
        bytes.replaceSubrange(entry + 20..<entry + 24, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let result = analyze(bytes, name: "bomb.ipa")
        let problem = try #require(result.problems.first { $0.path == "bomb.ipa!/Payload/Bomb.app/Bomb" })
        #expect(problem.message.contains("zip bomb"), "\(problem.message)")
    }
}
