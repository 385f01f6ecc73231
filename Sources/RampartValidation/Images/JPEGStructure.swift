// JPEG (ITU-T T.81): every marker segment from SOI to EOI, and the entropy-coded data after each
// SOS scanned for the only bytes allowed after 0xFF there (stuffing 00, restart markers, fill).

enum JPEGStructure {
    static func walk(_ bytes: ImageBytes) throws(ImageStructureError) -> ImageStructure {
        guard bytes.count >= 4, bytes.base[0] == 0xFF, bytes.base[1] == 0xD8 else {
            throw ImageStructureError("no SOI marker", at: 0)
        }
        var position = 2
        var width: Int?
        var height: Int?
        var sawScan = false
        while true {
            guard position < bytes.count else {
                throw ImageStructureError("truncated: no EOI marker", at: bytes.count, width: width, height: height)
            }
            guard bytes.base[position] == 0xFF else {
                throw ImageStructureError("expected a marker (0xFF)", at: position, width: width, height: height)
            }
            var markerAt = position + 1
            while markerAt < bytes.count, bytes.base[markerAt] == 0xFF { markerAt += 1 }  // fill bytes
            let marker = try bytes.byte(markerAt)
            let segmentStart = markerAt - 1
            switch marker {
            case 0xD9:
                guard width != nil else { throw ImageStructureError("EOI before any frame header", at: segmentStart) }
                guard sawScan else {
                    throw ImageStructureError("EOI before any scan", at: segmentStart, width: width, height: height)
                }
                return ImageStructure(width: width, height: height, end: markerAt + 1)
            case 0xD8, 0x00, 0xD0...0xD7, 0x01, 0x02...0xBF:
                throw ImageStructureError(
                    String(format: "marker 0xFF%02X is not allowed here", marker), at: segmentStart, width: width,
                    height: height)
            default:
                break
            }
            let length = try bytes.u16be(markerAt + 1)
            guard length >= 2 else {
                throw ImageStructureError("segment length below 2", at: markerAt + 1, width: width, height: height)
            }
            let bodyStart = markerAt + 3
            let segmentEnd = markerAt + 1 + length
            guard segmentEnd <= bytes.count else {
                throw ImageStructureError(
                    String(format: "segment 0xFF%02X runs past the end of the file", marker), at: segmentStart,
                    width: width, height: height)
            }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard width == nil else {
                    throw ImageStructureError("a second frame header", at: segmentStart, width: width, height: height)
                }
                guard length >= 8 else { throw ImageStructureError("frame header too short", at: segmentStart) }
                let lines = try bytes.u16be(bodyStart + 1)
                let samples = try bytes.u16be(bodyStart + 3)
                let components = Int(try bytes.byte(bodyStart + 5))
                guard components >= 1, length == 8 + 3 * components else {
                    throw ImageStructureError("frame header length does not match its components", at: segmentStart)
                }
                guard lines > 0, samples > 0 else {
                    throw ImageStructureError("frame of zero width or height", at: bodyStart + 1)
                }
                width = samples
                height = lines
                position = segmentEnd
            case 0xDA:
                guard width != nil else { throw ImageStructureError("scan before any frame header", at: segmentStart) }
                sawScan = true
                position = try scanEntropyCodedData(bytes, from: segmentEnd, width: width, height: height)
            default:
                position = segmentEnd
            }
        }
    }

    /// The offset of the marker that ends the entropy-coded data starting at `from`.
    private static func scanEntropyCodedData(
        _ bytes: ImageBytes, from: Int, width: Int?, height: Int?
    ) throws(ImageStructureError) -> Int {
        var position = from
        while true {
            guard let ff = bytes.find(0xFF, from: position) else {
                throw ImageStructureError(
                    "truncated in entropy-coded data", at: bytes.count, width: width, height: height)
            }
            var next = ff + 1
            while next < bytes.count, bytes.base[next] == 0xFF { next += 1 }
            guard next < bytes.count else {
                throw ImageStructureError(
                    "truncated in entropy-coded data", at: bytes.count, width: width, height: height)
            }
            let value = bytes.base[next]
            if value == 0x00 || (0xD0...0xD7).contains(value) {
                position = next + 1
                continue
            }
            return next - 1
        }
    }
}
