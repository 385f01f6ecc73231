// Large structurally valid images for throughput measurements: a baseline JPEG whose entropy-coded
// data is pseudo-random bytes with every 0xFF stuffed (plus restart markers), and a PNG with 1 MiB
// IDAT chunks of pseudo-random bytes and their CRC-32s. Neither is meant to be decoded.

import Foundation

enum SyntheticImages {
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return bytes
    }

    static func jpeg(entropyBytes: Int) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        out += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        out += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x0F, 0xA0, 0x17, 0x70, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        out += [0xFF, 0xC4, 0x00, 0x14, 0x00] + [UInt8](repeating: 0, count: 15) + [1, 0]
        out += [0xFF, 0xDD, 0x00, 0x04, 0x01, 0x00]
        out += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3F, 0x00]
        var restart: UInt8 = 0
        var written = 0
        for byte in randomBytes(entropyBytes, seed: 7) {
            out.append(byte)
            if byte == 0xFF { out.append(0x00) }
            written += 1
            if written % 65536 == 0 {
                out += [0xFF, 0xD0 + restart]
                restart = (restart + 1) & 7
            }
        }
        out += [0xFF, 0xD9]
        return Data(out)
    }

    static func png(idatBytes: Int) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let length = UInt32(body.count)
            out += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            let typed = Array(type.utf8) + body
            out += typed
            let crc = CRC32.checksum(typed)
            out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        chunk("IHDR", [0, 0, 0x17, 0x70, 0, 0, 0x0F, 0xA0, 8, 2, 0, 0, 0])
        let data = randomBytes(idatBytes, seed: 2)
        var offset = 0
        while offset < data.count {
            let end = min(offset + (1 << 20), data.count)
            chunk("IDAT", Array(data[offset..<end]))
            offset = end
        }
        chunk("IEND", [])
        return Data(out)
    }
}

/// A table CRC-32 for making test inputs only (the library uses zlib's).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
