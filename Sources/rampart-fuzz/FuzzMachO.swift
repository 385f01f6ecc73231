// Fuzzes the Mach-O reader (`MachOReader.read`, thin and universal images) and the binary analyzer
// over it: reading is deterministic and never crashes; what reads starts with a Mach-O magic number;
// imports are sorted and unique; an encrypted image yields no strings; no string exceeds the cap.
import Foundation
import RampartScan

enum FuzzMachO {
    static let target = FuzzTarget(
        name: "macho", maxLength: 128 * 1024,
        summary: "MachOReader.read: thin and universal Mach-O (symbols, chained fixups, C strings)", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let bytes = Array(data)
        let first = Result { () throws(MachOError) in try MachOReader.read(bytes) }
        let second = Result { () throws(MachOError) in try MachOReader.read(bytes) }
        FuzzCheck.require(first == second, name, "reading the same bytes twice gives different results")
        let result = MachOAnalyzer().analyze(ScanFile(path: "fuzz", contents: bytes))
        guard case .success(let slices) = first else {
            FuzzCheck.require(
                result.findings.isEmpty && !result.problems.isEmpty, name, "a refused binary has findings")
            return
        }
        FuzzCheck.require(MachOReader.looksLikeMachO(bytes.prefix(8)), name, "bytes without a magic number were read")
        for slice in slices {
            FuzzCheck.require(
                slice.importedSymbols == Array(Set(slice.importedSymbols)).sorted(), name,
                "imports are not sorted and unique")
            FuzzCheck.require(!slice.isEncrypted || slice.strings.isEmpty, name, "an encrypted image gave strings")
            FuzzCheck.require(
                slice.strings.allSatisfy {
                    !$0.value.isEmpty && $0.value.utf8.count <= 3 * MachOReader.maximumStringLength
                },
                name, "an empty or overlong string was kept")
        }
        FuzzCheck.require(
            result.findings.allSatisfy { $0.line == 0 && $0.column == 0 }, name, "a binary finding has a line")
    }
}
