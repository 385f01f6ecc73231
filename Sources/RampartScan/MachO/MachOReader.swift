/// Reads Mach-O binaries as an iOS app ships them — thin, or universal (`0xcafebabe`, and the 64-bit
/// `0xcafebabf`) — for what a scanner needs: imported symbols, C strings, linked libraries and FairPlay
/// encryption.
///
/// Little-endian images only (every iOS, and Apple silicon or Intel macOS, binary), 64-bit and 32-bit.
/// Load commands are read within `sizeofcmds`, and every offset and size in them is checked against the
/// data with overflow-safe arithmetic, so damaged or hostile input is a ``MachOError``, never a crash or
/// a read past the end. Imports come from `LC_SYMTAB`'s undefined external symbols; when the symbol
/// table lists none, from `LC_DYLD_CHAINED_FIXUPS`' import table (uncompressed symbol names; a
/// zlib-compressed name table is left unread). Strings come from `__TEXT,__cstring`,
/// `__TEXT,__objc_methname` and `__TEXT,__oslogstring` (the targets of `__DATA,__cfstring` literals
/// live in `__cstring`), unless `LC_ENCRYPTION_INFO(_64)` says FairPlay encrypted the text.
///
/// ```swift
/// let slices = try MachOReader.read(Array(try Data(contentsOf: binaryURL)))
/// for slice in slices {
///     print(slice.architecture, slice.importedSymbols.filter { $0.hasPrefix("_CC_") })
/// }
/// ```
public enum MachOReader {
    /// The most architectures a universal binary may list (Apple's tools make at most a handful).
    public static let maximumSlices = 32
    /// Strings longer than this (in bytes) are skipped: no URL or key is that long.
    public static let maximumStringLength = 8 * 1024

    /// The sections whose contents are NUL-terminated C strings worth scanning.
    static let stringSections: Set<String> = ["__TEXT,__cstring", "__TEXT,__objc_methname", "__TEXT,__oslogstring"]

    /// Whether `prefix` (the first bytes of a file) starts like a Mach-O image or a universal binary. A
    /// Java class file shares `0xcafebabe`; its next field (the class version, 45 or more) tells it apart.
    public static func looksLikeMachO(_ prefix: some Collection<UInt8>) -> Bool {
        let head = Array(prefix.prefix(8))
        guard head.count >= 4 else { return false }
        switch (head[0], head[1], head[2], head[3]) {
        case (0xCF, 0xFA, 0xED, 0xFE), (0xCE, 0xFA, 0xED, 0xFE): return true
        case (0xCA, 0xFE, 0xBA, 0xBE), (0xCA, 0xFE, 0xBA, 0xBF):
            guard head.count >= 8 else { return false }
            let count = head[4...7].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return count > 0 && count <= UInt32(maximumSlices)
        default: return false
        }
    }

    /// Reads every image of `bytes`: one for a thin binary, one per architecture for a universal one.
    ///
    /// - Throws: ``MachOError`` naming what is wrong and where.
    public static func read(_ bytes: [UInt8]) throws(MachOError) -> [MachOSlice] {
        let data = MachOBytes(bytes)
        let magic = try data.uint32(at: 0, "the magic number", bigEndian: true)
        var budget = Budget()
        switch magic {
        case 0xCAFE_BABE, 0xCAFE_BABF:
            return try readUniversal(data, wide: magic == 0xCAFE_BABF, budget: &budget)
        default:
            return [try readImage(data, budget: &budget)]
        }
    }

    /// What one binary may still give (``MachOLimits``), spent across its slices.
    struct Budget {
        var names = MachOLimits.maximumNames
        var stringBytes = MachOLimits.maximumStringBytes
        var strings = MachOLimits.maximumStrings
        /// The limits reached, each said once.
        var omissions: [String] = []

        mutating func note(_ omission: String) {
            if !omissions.contains(omission) { omissions.append(omission) }
        }

        /// Takes one name, or notes the limit and says no.
        mutating func takeName() -> Bool {
            guard names > 0 else {
                note(
                    "names past the first \(MachOLimits.maximumNames) imported symbols and libraries were not read "
                        + "(MachOLimits.maximumNames)")
                return false
            }
            names -= 1
            return true
        }
    }

    private static func readUniversal(_ data: MachOBytes, wide: Bool, budget: inout Budget) throws(MachOError)
        -> [MachOSlice]
    {
        let count = Int(try data.uint32(at: 4, "the universal header's architecture count", bigEndian: true))
        guard count > 0 else { throw .malformed(what: "a universal binary that lists no architecture", offset: 4) }
        guard count <= maximumSlices else {
            throw .malformed(
                what: "a universal binary listing \(count) architectures (at most \(maximumSlices) are read; "
                    + "a Java class file starts with the same magic number)", offset: 4)
        }
        let entrySize = wide ? 32 : 20
        var slices: [MachOSlice] = []
        for index in 0..<count {
            let entry = 8 + index * entrySize
            let what = "universal architecture \(index + 1)"
            let offset: Int
            let size: Int
            if wide {
                offset = try MachOBytes.int(
                    try data.uint64(at: entry + 8, what, bigEndian: true), "\(what)'s offset", at: entry + 8)
                size = try MachOBytes.int(
                    try data.uint64(at: entry + 16, what, bigEndian: true), "\(what)'s size", at: entry + 16)
            } else {
                offset = Int(try data.uint32(at: entry + 8, what, bigEndian: true))
                size = Int(try data.uint32(at: entry + 12, what, bigEndian: true))
            }
            guard offset >= 8 + count * entrySize else {
                throw .malformed(what: "\(what) starts at byte \(offset), inside the universal header", offset: entry)
            }
            _ = try data.check("\(what)'s image", offset: offset, length: size)
            let slice = MachOBytes(data.bytes, start: offset, end: offset + size)
            let magic = try slice.uint32(at: 0, "\(what)'s magic number", bigEndian: true)
            guard magic != 0xCAFE_BABE, magic != 0xCAFE_BABF else {
                throw .malformed(what: "\(what) is itself a universal binary", offset: offset)
            }
            do {
                slices.append(try readImage(slice, budget: &budget))
            } catch {
                throw error.inSlice(at: offset)
            }
        }
        return slices
    }

    private static func readImage(_ data: MachOBytes, budget: inout Budget) throws(MachOError) -> MachOSlice {
        let magic = try data.uint32(at: 0, "the magic number")
        let is64: Bool
        switch magic {
        case 0xFEED_FACF: is64 = true
        case 0xFEED_FACE: is64 = false
        case 0xCFFA_EDFE, 0xCEFA_EDFE: throw .bigEndian
        default: throw .notMachO
        }
        let headerSize = is64 ? 32 : 28
        let cpuType = try data.uint32(at: 4, "the Mach-O header")
        let cpuSubtype = try data.uint32(at: 8, "the Mach-O header")
        let fileType = MachOSlice.FileType(try data.uint32(at: 12, "the Mach-O header"))
        let commandCount = Int(try data.uint32(at: 16, "the Mach-O header"))
        let commandsSize = Int(try data.uint32(at: 20, "the Mach-O header"))
        _ = try data.check("the Mach-O header", offset: 0, length: headerSize)
        _ = try data.check("the load commands (sizeofcmds)", offset: headerSize, length: commandsSize)
        let commandsEnd = headerSize + commandsSize

        var state = ImageState()
        var offset = headerSize
        for index in 0..<commandCount {
            let what = "load command \(index + 1) of \(commandCount)"
            guard offset <= commandsEnd - 8 else {
                throw .truncated(what: what, offset: offset, needed: 8, available: commandsEnd)
            }
            let command = try data.uint32(at: offset, what)
            let size = Int(try data.uint32(at: offset + 4, what))
            guard size >= 8, size <= commandsEnd - offset else {
                throw .malformed(
                    what: "\(what) (0x\(String(command, radix: 16))) has size \(size), which does not fit in the "
                        + "\(commandsSize) bytes of load commands", offset: offset + 4)
            }
            try state.read(command: command, at: offset, size: size, in: data, is64: is64, budget: &budget)
            offset += size
        }

        var imports = state.undefinedSymbols
        if imports.isEmpty, let fixups = state.chainedFixups {
            imports = try chainedImports(data, offset: fixups.offset, size: fixups.size, budget: &budget)
        }
        var strings: [MachOSlice.CString] = []
        if !state.isEncrypted {
            var read: Set<Range<Int>> = []
            for section in state.stringSections
            where read.insert(section.offset..<section.offset + section.size).inserted {
                guard section.size <= budget.stringBytes else {
                    budget.stringBytes = 0
                    budget.note(
                        "string sections past \(MachOLimits.maximumStringBytes) bytes were not read "
                            + "(MachOLimits.maximumStringBytes)")
                    break
                }
                budget.stringBytes -= section.size
                strings += cStrings(data, section: section, budget: &budget)
            }
        }
        var entitlements: [UInt8]?
        if let signature = state.codeSignature {
            entitlements = try Self.entitlements(data, offset: signature.offset, size: signature.size)
        }
        return MachOSlice(
            architecture: architecture(cpuType: cpuType, subtype: cpuSubtype), fileType: fileType,
            importedSymbols: Array(Set(imports)).sorted(), strings: strings, linkedLibraries: state.libraries,
            isEncrypted: state.isEncrypted, entitlements: entitlements, omissions: budget.omissions)
    }

    /// A section of strings: its `SEGMENT,section` name and where its bytes are.
    struct StringSection {
        var name: String
        var offset: Int
        var size: Int
    }

    /// What the load commands said, gathered while they are read.
    private struct ImageState {
        var undefinedSymbols: [String] = []
        var chainedFixups: (offset: Int, size: Int)?
        var stringSections: [StringSection] = []
        var libraries: [String] = []
        var isEncrypted = false
        var codeSignature: (offset: Int, size: Int)?

        mutating func read(
            command: UInt32, at offset: Int, size: Int, in data: MachOBytes, is64: Bool, budget: inout Budget
        ) throws(MachOError) {
            switch command {
            case 0x19 where is64, 0x1 where !is64:
                try readSegment(at: offset, size: size, in: data, is64: is64)
            case 0x2:
                guard size >= 24 else { throw .malformed(what: "LC_SYMTAB is \(size) bytes, not 24", offset: offset) }
                undefinedSymbols += try MachOReader.undefinedSymbols(
                    data, command: offset, is64: is64, budget: &budget)
            case 0x21, 0x2C:
                guard size >= 20 else {
                    throw .malformed(what: "LC_ENCRYPTION_INFO is \(size) bytes, not 20 or more", offset: offset)
                }
                if try data.uint32(at: offset + 16, "LC_ENCRYPTION_INFO's cryptid") != 0 { isEncrypted = true }
            case 0x1D:
                codeSignature = try linkeditData(at: offset, size: size, in: data, name: "LC_CODE_SIGNATURE")
            case 0x8000_0034:
                chainedFixups = try linkeditData(at: offset, size: size, in: data, name: "LC_DYLD_CHAINED_FIXUPS")
            case 0xC, 0x8000_0018, 0x8000_001F, 0x8000_0023:
                // LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_LOAD_UPWARD_DYLIB
                guard size >= 24 else { throw .malformed(what: "a dylib command is \(size) bytes", offset: offset) }
                let nameOffset = Int(try data.uint32(at: offset + 8, "a dylib command's name offset"))
                if nameOffset >= 24, nameOffset < size,
                    let name = data.cString(at: offset + nameOffset, limit: offset + size),
                    budget.takeName()
                {
                    libraries.append(String(decoding: name, as: UTF8.self))
                }
            default:
                break
            }
        }

        /// Where the data of a `linkedit_data_command` (`LC_CODE_SIGNATURE`, `LC_DYLD_CHAINED_FIXUPS`) lies,
        /// checked to be inside the image.
        private func linkeditData(at offset: Int, size: Int, in data: MachOBytes, name: String) throws(MachOError)
            -> (offset: Int, size: Int)
        {
            guard size >= 16 else { throw .malformed(what: "\(name) is \(size) bytes, not 16", offset: offset) }
            let dataOffset = Int(try data.uint32(at: offset + 8, name))
            let dataSize = Int(try data.uint32(at: offset + 12, name))
            _ = try data.check("the data of \(name)", offset: dataOffset, length: dataSize)
            return (dataOffset, dataSize)
        }

        private mutating func readSegment(at offset: Int, size: Int, in data: MachOBytes, is64: Bool)
            throws(MachOError)
        {
            let headerSize = is64 ? 72 : 56
            let sectionSize = is64 ? 80 : 68
            guard size >= headerSize else {
                throw .malformed(what: "a segment command is \(size) bytes, less than \(headerSize)", offset: offset)
            }
            let sectionCount = Int(try data.uint32(at: offset + (is64 ? 64 : 48), "a segment's section count"))
            guard sectionCount <= (size - headerSize) / sectionSize else {
                throw .malformed(
                    what: "a segment lists \(sectionCount) sections, more than its \(size) bytes hold", offset: offset)
            }
            for index in 0..<sectionCount {
                let section = offset + headerSize + index * sectionSize
                let sectionName = try data.name(at: section, length: 16, "a section name")
                let segmentName = try data.name(at: section + 16, length: 16, "a section's segment name")
                let name = segmentName + "," + sectionName
                guard MachOReader.stringSections.contains(name) else { continue }
                let length: Int
                let fileOffset: Int
                let flags: UInt32
                if is64 {
                    length = try MachOBytes.int(
                        try data.uint64(at: section + 40, name), "\(name)'s size", at: section + 40)
                    fileOffset = Int(try data.uint32(at: section + 48, name))
                    flags = try data.uint32(at: section + 64, name)
                } else {
                    length = Int(try data.uint32(at: section + 36, name))
                    fileOffset = Int(try data.uint32(at: section + 40, name))
                    flags = try data.uint32(at: section + 56, name)
                }
                // Zero-fill sections have no bytes in the file.
                guard ![0x1, 0xC, 0x12].contains(flags & 0xFF), length > 0 else { continue }
                _ = try data.check("section \(name)", offset: fileOffset, length: length)
                stringSections.append(StringSection(name: name, offset: fileOffset, size: length))
            }
        }
    }

    /// The undefined external symbols of the `LC_SYMTAB` command at `command`.
    private static func undefinedSymbols(_ data: MachOBytes, command: Int, is64: Bool, budget: inout Budget)
        throws(MachOError) -> [String]
    {
        let symbolsOffset = Int(try data.uint32(at: command + 8, "LC_SYMTAB"))
        let symbolCount = Int(try data.uint32(at: command + 12, "LC_SYMTAB"))
        let stringsOffset = Int(try data.uint32(at: command + 16, "LC_SYMTAB"))
        let stringsSize = Int(try data.uint32(at: command + 20, "LC_SYMTAB"))
        let entrySize = is64 ? 16 : 12
        let (tableSize, overflow) = symbolCount.multipliedReportingOverflow(by: entrySize)
        guard !overflow else { throw .malformed(what: "LC_SYMTAB lists \(symbolCount) symbols", offset: command + 12) }
        _ = try data.check("the symbol table", offset: symbolsOffset, length: tableSize)
        _ = try data.check("the symbol names", offset: stringsOffset, length: stringsSize)
        var names: [String] = []
        for index in 0..<symbolCount {
            let entry = symbolsOffset + index * entrySize
            let type = try data.uint8(at: entry + 4, "a symbol")
            // Not a debugging entry, external, and undefined (N_UNDF): an import.
            guard type & 0xE0 == 0, type & 0x01 == 1, type & 0x0E == 0 else { continue }
            let nameIndex = Int(try data.uint32(at: entry, "a symbol"))
            guard nameIndex < stringsSize,
                let name = data.cString(at: stringsOffset + nameIndex, limit: stringsOffset + stringsSize),
                !name.isEmpty
            else { continue }
            guard budget.takeName() else { break }
            names.append(String(decoding: name, as: UTF8.self))
        }
        return names
    }

    /// The symbol names of the import table of `LC_DYLD_CHAINED_FIXUPS` (`dyld_chained_fixups_header`).
    private static func chainedImports(_ data: MachOBytes, offset: Int, size: Int, budget: inout Budget)
        throws(MachOError) -> [String]
    {
        guard size >= 28 else { return [] }
        let what = "the chained fixups header"
        let importsOffset = Int(try data.uint32(at: offset + 8, what))
        let symbolsOffset = Int(try data.uint32(at: offset + 12, what))
        let importCount = Int(try data.uint32(at: offset + 16, what))
        let importsFormat = try data.uint32(at: offset + 20, what)
        let symbolsFormat = try data.uint32(at: offset + 24, what)
        guard symbolsFormat == 0 else { return [] }  // zlib-compressed names: not read
        let entrySize: Int
        switch importsFormat {
        case 1: entrySize = 4
        case 2: entrySize = 8
        case 3: entrySize = 16
        default: throw .malformed(what: "chained fixups import format \(importsFormat) is unknown", offset: offset + 20)
        }
        guard importsOffset <= size, importCount <= (size - importsOffset) / entrySize, symbolsOffset <= size else {
            throw .malformed(
                what: "the chained fixups import table (\(importCount) entries at \(importsOffset)) does not fit in "
                    + "its \(size) bytes", offset: offset + 8)
        }
        var names: [String] = []
        for index in 0..<importCount {
            let entry = offset + importsOffset + index * entrySize
            let nameOffset: Int
            if importsFormat == 3 {
                nameOffset = Int(try data.uint64(at: entry, "a chained import") >> 32)
            } else {
                nameOffset = Int(try data.uint32(at: entry, "a chained import") >> 9)
            }
            let (start, overflow) = symbolsOffset.addingReportingOverflow(nameOffset)
            guard !overflow, start < size,
                let name = data.cString(at: offset + start, limit: offset + size), !name.isEmpty
            else { continue }
            guard budget.takeName() else { break }
            names.append(String(decoding: name, as: UTF8.self))
        }
        return names
    }

    /// The XML entitlements blob (`0xfade7171`, slot 5) of the code signature's super blob
    /// (`0xfade0cc0`), big-endian as `codesign` writes it; nil when there is none.
    private static func entitlements(_ data: MachOBytes, offset: Int, size: Int) throws(MachOError) -> [UInt8]? {
        guard size >= 12, try data.uint32(at: offset, "the code signature", bigEndian: true) == 0xFADE_0CC0 else {
            return nil
        }
        let count = Int(try data.uint32(at: offset + 8, "the code signature's blob count", bigEndian: true))
        guard count <= (size - 12) / 8 else {
            throw .malformed(
                what: "the code signature lists \(count) blobs, more than its \(size) bytes hold", offset: offset)
        }
        for index in 0..<count {
            let slot = try data.uint32(at: offset + 12 + index * 8, "a code signature index", bigEndian: true)
            guard slot == 5 else { continue }
            let blob = Int(try data.uint32(at: offset + 16 + index * 8, "a code signature index", bigEndian: true))
            guard blob <= size - 8,
                try data.uint32(at: offset + blob, "the entitlements blob", bigEndian: true) == 0xFADE_7171
            else { return nil }
            let length = Int(try data.uint32(at: offset + blob + 4, "the entitlements blob", bigEndian: true))
            guard length >= 8, length <= size - blob else {
                throw .malformed(what: "the entitlements blob's length \(length) does not fit", offset: offset + blob)
            }
            let start = try data.check("the entitlements", offset: offset + blob + 8, length: length - 8)
            return Array(data.bytes[start..<(start + length - 8)])
        }
        return nil
    }

    /// The NUL-terminated strings of a section, as `String`s (invalid UTF-8 replaced), skipping empty
    /// and overlong ones and a last one without its NUL.
    static func cStrings(_ data: MachOBytes, section: StringSection, budget: inout Budget) -> [MachOSlice.CString] {
        let start = data.start + section.offset
        let bytes = data.bytes[start..<(start + section.size)]
        var strings: [MachOSlice.CString] = []
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex, let nul = bytes[cursor...].firstIndex(of: 0) {
            let length = nul - cursor
            if length > 0 && length <= maximumStringLength {
                guard budget.strings > 0 else {
                    budget.note(
                        "strings past the first \(MachOLimits.maximumStrings) were not read (MachOLimits.maximumStrings)"
                    )
                    break
                }
                budget.strings -= 1
                strings.append(
                    MachOSlice.CString(
                        section: section.name, value: String(decoding: bytes[cursor..<nul], as: UTF8.self)))
            }
            cursor = nul + 1
        }
        return strings
    }

    /// The architecture's usual name.
    static func architecture(cpuType: UInt32, subtype: UInt32) -> String {
        let sub = subtype & 0x00FF_FFFF
        switch cpuType {
        case 0x0100_000C: return sub == 2 ? "arm64e" : "arm64"
        case 0x0200_000C: return "arm64_32"
        case 0x0100_0007: return sub == 8 ? "x86_64h" : "x86_64"
        case 0x7: return "i386"
        case 0xC:
            switch sub {
            case 9: return "armv7"
            case 11: return "armv7s"
            case 12: return "armv7k"
            case 6: return "armv6"
            default: return "arm"
            }
        default: return "cpu 0x" + String(cpuType, radix: 16)
        }
    }
}

extension MachOError {
    /// The same error with its offsets made absolute for the fat slice starting at `start`.
    func inSlice(at start: Int) -> MachOError {
        switch self {
        case .truncated(let what, let offset, let needed, let available):
            .truncated(
                what: "\(what) (in the architecture at byte \(start))", offset: offset, needed: needed,
                available: available)
        case .malformed(let what, let offset):
            .malformed(what: "\(what) (in the architecture at byte \(start))", offset: offset)
        default:
            self
        }
    }
}
