// ATS decoding inputs found while fuzzing `ats-document` (Fuzz/Regressions/ats-document), kept as tests.
import Foundation
import RampartPolicy
import Testing

@Suite("ATS decoding: fuzz regressions")
struct ATSDecodingFuzzRegressionTests {
    /// An exception domain with `count` unknown keys of `length` characters, and one near miss.
    static func plist(count: Int, length: Int) -> Data {
        var keys = ""
        for index in 0..<count {
            keys +=
                "<key>NSExceptionAllowsInsecureHTTPLoads\(String(repeating: "x", count: length))\(index)</key><true/>"
        }
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key>
            <dict><key>example.com</key><dict>\(keys)<key>NSIncludesSubdomain</key><true/></dict></dict></dict></dict></plist>
            """.utf8)
    }

    /// The "did you mean" search computed an edit distance against every known key, allocating a
    /// row per character: 100 unknown keys of 4,000 characters (a 400 KB plist) took minutes.
    /// Keys too long to be within the distance limit are now skipped before any work.
    @Test("long unknown keys are each reported, without a suggestion, in well under a second")
    func longUnknownKeys() throws {
        let clock = ContinuousClock()
        var document: ATSDocument?
        let elapsed = try clock.measure { document = try ATSDocument.decode(Self.plist(count: 100, length: 4000)) }
        let diagnostics = try #require(document).diagnostics
        #expect(diagnostics.count == 101)
        #expect(diagnostics.filter { $0.message == "unknown key; ATS ignores it" }.count == 100)
        #expect(diagnostics.contains { $0.message.contains("did you mean NSIncludesSubdomains?") })
        #expect(elapsed < .seconds(10), "decoding took \(elapsed)")
    }

    /// A binary plist holding a set crashed swift-corelibs-foundation's `PropertyListSerialization`
    /// (SIGSEGV bridging the `NSSet`), and `rampart ats check` with it. Found by `ats-document` as a
    /// fixture whose top dictionary marker became a set; the smallest form is a set of one string.
    @Test(
        "a binary plist with a set is refused as not a property list instead of crashing",
        arguments: [
            [[0xC1, 0x01], [0x51, 0x61]],  // the top object is a set holding the string "a"
            [
                [0xD1, 0x01, 0x02], [0x5F, 0x10, 0x16] + Array("NSAppTransportSecurity".utf8), [0xC1, 0x03],
                [0x51, 0x61],
            ],
        ] as [[[UInt8]]])
    func binaryPlistWithSet(objects: [[UInt8]]) throws {
        #expect {
            try ATSDocument.decode(Self.binaryPlist(objects), source: "set.plist")
        } throws: { error in
            guard let error = error as? PolicyError, case .notAPropertyList(let source, let reason) = error else {
                return false
            }
            return source == "set.plist" && reason.contains("holds a set")
        }
    }

    /// A binary plist of `objects` (one-byte references; object 0 is the top) with its offset
    /// table and trailer.
    static func binaryPlist(_ objects: [[UInt8]]) -> Data {
        var data = Data("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data.append(contentsOf: object)
        }
        let table = data.count
        data.append(contentsOf: offsets)
        data.append(contentsOf: [0, 0, 0, 0, 0, 0, 1, 1])
        for value in [UInt64(objects.count), 0, UInt64(table)] {
            withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
        }
        return data
    }
}
