// PNG (ISO/IEC 15948): signature, every chunk's length and CRC-32 (zlib's crc32), IHDR's bit depth
// and colour type, PLTE where it belongs, IDAT present and contiguous, IEND last.

import CRampartZlib

enum PNGStructure {
    static func walk(_ bytes: ImageBytes) throws(ImageStructureError) -> ImageStructure {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (index, expected) in signature.enumerated() {
            guard index < bytes.count else { throw ImageStructureError("truncated signature", at: bytes.count) }
            guard bytes.base[index] == expected else { throw ImageStructureError("bad signature byte", at: index) }
        }
        var position = 8
        var width: Int?
        var height: Int?
        var colourType = 0
        var sawPalette = false
        var idatState = 0  // 0 none yet, 1 in the IDAT run, 2 after it
        var first = true
        while true {
            guard bytes.has(8, at: position) else {
                throw ImageStructureError("truncated: no IEND chunk", at: bytes.count, width: width, height: height)
            }
            let length = try bytes.u32be(position)
            guard length <= 0x7FFF_FFFF else {
                throw ImageStructureError("chunk length over 2^31-1", at: position, width: width, height: height)
            }
            let typeAt = position + 4
            for index in typeAt..<(typeAt + 4) {
                let byte = bytes.base[index]
                guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else {
                    throw ImageStructureError("chunk type is not four letters", at: index, width: width, height: height)
                }
            }
            let type = bytes.fourCC(typeAt)
            let dataAt = typeAt + 4
            guard bytes.has(length + 4, at: dataAt) else {
                throw ImageStructureError(
                    "chunk \(type) runs past the end of the file", at: position, width: width, height: height)
            }
            let crcAt = dataAt + length
            let stored = UInt32(try bytes.u32be(crcAt))
            let computed = crc(bytes, from: typeAt, count: length + 4)
            guard stored == computed else {
                throw ImageStructureError(
                    "CRC-32 of chunk \(type) does not match", at: crcAt, width: width, height: height)
            }
            if first {
                guard type == "IHDR" else { throw ImageStructureError("first chunk is not IHDR", at: position) }
                (width, height, colourType) = try header(bytes, at: dataAt, length: length)
                first = false
            } else {
                switch type {
                case "IHDR":
                    throw ImageStructureError("a second IHDR", at: position, width: width, height: height)
                case "PLTE":
                    guard idatState == 0, !sawPalette, length > 0, length % 3 == 0, length <= 768,
                        colourType != 0, colourType != 4
                    else {
                        throw ImageStructureError(
                            "misplaced or malformed PLTE", at: position, width: width, height: height)
                    }
                    sawPalette = true
                case "IDAT":
                    guard idatState != 2 else {
                        throw ImageStructureError(
                            "IDAT chunks are not contiguous", at: position, width: width, height: height)
                    }
                    guard colourType != 3 || sawPalette else {
                        throw ImageStructureError(
                            "indexed image without PLTE before IDAT", at: position, width: width, height: height)
                    }
                    idatState = 1
                case "IEND":
                    guard idatState != 0 else {
                        throw ImageStructureError("no IDAT chunk", at: position, width: width, height: height)
                    }
                    guard length == 0 else {
                        throw ImageStructureError("IEND with data", at: position, width: width, height: height)
                    }
                    return ImageStructure(width: width, height: height, end: crcAt + 4)
                default:
                    if bytes.base[typeAt] & 0x20 == 0 {
                        throw ImageStructureError(
                            "unknown critical chunk \(type)", at: position, width: width, height: height)
                    }
                }
                if type != "IDAT", idatState == 1 { idatState = 2 }
            }
            position = crcAt + 4
        }
    }

    private static func header(
        _ bytes: ImageBytes, at offset: Int, length: Int
    ) throws(ImageStructureError) -> (Int, Int, Int) {
        guard length == 13 else { throw ImageStructureError("IHDR is not 13 bytes", at: offset - 8) }
        let width = try bytes.u32be(offset)
        let height = try bytes.u32be(offset + 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw ImageStructureError("IHDR width or height out of range", at: offset)
        }
        let depth = Int(try bytes.byte(offset + 8))
        let colour = Int(try bytes.byte(offset + 9))
        let allowed: [Int]
        switch colour {
        case 0: allowed = [1, 2, 4, 8, 16]
        case 2, 4, 6: allowed = [8, 16]
        case 3: allowed = [1, 2, 4, 8]
        default:
            throw ImageStructureError(
                "IHDR colour type \(colour) does not exist", at: offset + 9, width: width, height: height)
        }
        guard allowed.contains(depth) else {
            throw ImageStructureError(
                "IHDR bit depth \(depth) is not allowed for colour type \(colour)", at: offset + 8, width: width,
                height: height)
        }
        guard try bytes.byte(offset + 10) == 0, try bytes.byte(offset + 11) == 0, try bytes.byte(offset + 12) <= 1
        else {
            throw ImageStructureError(
                "IHDR compression, filter or interlace method unknown", at: offset + 10, width: width, height: height)
        }
        return (width, height, colour)
    }

    /// zlib's CRC-32 over `count` bytes at `from` (in pieces below 4 GiB).
    private static func crc(_ bytes: ImageBytes, from: Int, count: Int) -> UInt32 {
        guard let base = bytes.base.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        var value = CRampartZlib.crc32(0, nil, 0)
        var offset = from
        var remaining = count
        while remaining > 0 {
            let piece = min(remaining, 1 << 30)
            value = CRampartZlib.crc32(value, base + offset, uInt(piece))
            offset += piece
            remaining -= piece
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
