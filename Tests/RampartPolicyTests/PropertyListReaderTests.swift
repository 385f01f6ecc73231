import Foundation
import RampartPolicy
import Testing

@Suite("Property list reader")
struct PropertyListReaderTests {
    static func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try PropertyListReader.object(from: Data(bytes), source: "in.plist")
            return nil
        } catch let error as PolicyError {
            guard case .notAPropertyList(let source, let reason) = error, source == "in.plist" else {
                return "\(error)"
            }
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test("XML, binary and JSON are read and named; a byte order mark and blank lines before are skipped")
    func formats() throws {
        let xml = try Data(contentsOf: PolicyFixtures.url("legacy-keys.plist"))
        let binary = try Data(contentsOf: PolicyFixtures.url("legacy-keys-binary.plist"))
        let fromXML = try PropertyListReader.object(from: xml, source: "x")
        let fromBinary = try PropertyListReader.object(from: binary, source: "b")
        #expect(fromXML.format == .xmlPropertyList)
        #expect(fromBinary.format == .binaryPropertyList)
        #expect((fromXML.object as? NSDictionary) == (fromBinary.object as? NSDictionary))
        let json = try PropertyListReader.object(
            from: Data([0xEF, 0xBB, 0xBF] + Array("\n  {\"TSKPinnedDomains\": {}}".utf8)), source: "j")
        #expect(json.format == .json)
        #expect((json.object as? [String: Any])?.keys.sorted() == ["TSKPinnedDomains"])
        let spaced = try PropertyListReader.object(from: Data([0xEF, 0xBB, 0xBF, 0x0A, 0x20] + xml), source: "s")
        #expect(spaced.format == .xmlPropertyList)
    }

    @Test(
        "bytes that begin like no property list are refused before Foundation sees them",
        arguments: [
            ("not a plist", "begins with neither"), ("", "the file is empty"), ("  \n", "only blank space"),
            ("(a, b)", "begins with neither"), ("{\"a\": ", "invalid JSON"), ("<plist><dict><key>a", ""),
        ])
    func refused(text: String, reason: String) {
        let found = Self.reason(Array(text.utf8))
        #expect(found != nil)
        // A damaged XML plist is Foundation's to refuse (its words vary): only that it is refused.
        #expect(reason.isEmpty || found?.contains(reason) == true, "\(found ?? "accepted")")
    }

    @Test("a binary plist holding a set is refused with its offset, not a crash in Foundation")
    func set() {
        // bplist00, the top object a set of one reference to the string "a", offset table, trailer.
        var bytes = Array("bplist00".utf8) + [0xC1, 0x01, 0x51, 0x61]
        let table = bytes.count
        bytes += [8, 10]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [UInt64(2), 0, UInt64(table)] { withUnsafeBytes(of: value.bigEndian) { bytes += $0 } }
        #expect(Self.reason(bytes)?.contains("holds a set (byte offset 8)") == true)
    }
}
