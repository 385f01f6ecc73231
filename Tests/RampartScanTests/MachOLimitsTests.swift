import Testing

@testable import RampartScan

/// Hostile Mach-O binaries built here (never committed): names that all point at the start of a huge string
/// table, more imports than any app has, a string section listed twice. Each used to make the reader copy the
/// binary many times over; now names are read up to ``MachOLimits/maximumNameLength``, and what a limit leaves
/// unread is a problem naming it.
@Suite("Mach-O reader limits")
struct MachOLimitsTests {
    static func le(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static func name16(_ text: String) -> [UInt8] {
        Array(text.utf8) + [UInt8](repeating: 0, count: 16 - text.utf8.count)
    }

    /// A thin arm64 executable with one `LC_SYMTAB` whose undefined symbols name `offsets` in `strings`, and one
    /// `__TEXT` segment listing `sections` (each a `__cstring` at the offset of `cstrings`) `times`.
    static func binary(symbolNameOffsets offsets: [UInt32], strings: [UInt8], cstrings: [UInt8] = [], sections: Int = 0)
        -> [UInt8]
    {
        let segmentSize = sections > 0 ? 72 + 80 * sections : 0
        let commandsSize = 24 + segmentSize
        let symbolsOffset = 32 + commandsSize
        let stringsOffset = symbolsOffset + 16 * offsets.count
        let cstringsOffset = stringsOffset + strings.count
        var bytes = le(0xFEED_FACF, 4) + le(0x0100_000C, 4) + le(0, 4) + le(2, 4)
        bytes += le(UInt64(sections > 0 ? 2 : 1), 4) + le(UInt64(commandsSize), 4) + le(0, 4) + le(0, 4)
        bytes += le(2, 4) + le(24, 4) + le(UInt64(symbolsOffset), 4) + le(UInt64(offsets.count), 4)
        bytes += le(UInt64(stringsOffset), 4) + le(UInt64(strings.count), 4)
        if sections > 0 {
            bytes += le(0x19, 4) + le(UInt64(segmentSize), 4) + name16("__TEXT") + le(0, 8) + le(0, 8) + le(0, 8)
            bytes += le(0, 8) + le(5, 4) + le(5, 4) + le(UInt64(sections), 4) + le(0, 4)
            for _ in 0..<sections {
                bytes += name16("__cstring") + name16("__TEXT") + le(0, 8) + le(UInt64(cstrings.count), 8)
                bytes += le(UInt64(cstringsOffset), 4) + le(0, 4) + le(0, 4) + le(0, 4) + le(2, 4)
                bytes += le(0, 4) + le(0, 4) + le(0, 4)
            }
        }
        for offset in offsets {
            bytes += le(UInt64(offset), 4) + [0x01, 0x00] + le(0, 2) + le(0, 8)
        }
        return bytes + strings + cstrings
    }

    @Test("2,000 imports all naming a 4 MiB string (6 GB copied before): skipped, the real import read")
    func hugeNames() throws {
        let strings = Array("_CC_MD5\0".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20) + [0]
        let bytes = Self.binary(symbolNameOffsets: [0] + [UInt32](repeating: 8, count: 2_000), strings: strings)
        let slice = try #require(try MachOReader.read(bytes).first)
        #expect(slice.importedSymbols == ["_CC_MD5"])
        #expect(slice.omissions.isEmpty)
    }

    @Test("more imports than the limit: the rest are not read, and the problem names MachOLimits.maximumNames")
    func tooManyNames() throws {
        let offsets = [UInt32](repeating: 0, count: MachOLimits.maximumNames + 1)
        let bytes = Self.binary(symbolNameOffsets: offsets, strings: Array("_CC_MD5\0".utf8))
        let slice = try #require(try MachOReader.read(bytes).first)
        #expect(slice.omissions.count == 1)
        #expect(slice.omissions.first?.contains("MachOLimits.maximumNames") == true)
        let result = MachOAnalyzer().analyze(ScanFile(path: "App", contents: bytes))
        #expect(result.problems.map(\.message).contains { $0.contains("MachOLimits.maximumNames") })
        #expect(result.findings.contains { $0.ruleID == "RS-CRYPTO-004" })
    }

    @Test("a string section listed 100 times is read once")
    func duplicateSections() throws {
        let cstrings = Array("http://api.example.com/login\0".utf8)
        let bytes = Self.binary(
            symbolNameOffsets: [0], strings: Array("_CC_MD5\0".utf8), cstrings: cstrings, sections: 100)
        let slice = try #require(try MachOReader.read(bytes).first)
        #expect(slice.strings.map(\.value) == ["http://api.example.com/login"])
    }
}
