// WebP: the RIFF container's sizes, and the VP8 (lossy), VP8L (lossless) or VP8X (extended) chunks
// with the dimensions each one carries. Metadata chunks (ICCP, EXIF, XMP, unknown ones) are listed;
// in the simple format they may follow the image chunk (libwebp's decoder reads the VP8/VP8L chunk
// and ignores what follows it inside the RIFF size), never precede it.

enum WebPStructure {
    static func walk(_ bytes: ImageBytes) throws(ImageStructureError) -> ImageStructure {
        guard bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) else {
            throw ImageStructureError("not a RIFF WEBP header", at: 0)
        }
        let riffSize = try bytes.u32le(4)
        guard riffSize >= 4, riffSize % 2 == 0 else { throw ImageStructureError("odd or tiny RIFF size", at: 4) }
        let end = 8 + riffSize
        guard end <= bytes.count else { throw ImageStructureError("RIFF size runs past the end of the file", at: 4) }
        var position = 12
        var width: Int?
        var height: Int?
        var first = true
        var sawImage = false
        var sawAnimation = false
        var extended = false
        var extraChunks: [(type: String, offset: Int, end: Int)] = []
        while position < end {
            guard position + 8 <= end else {
                throw ImageStructureError("truncated chunk header", at: position, width: width, height: height)
            }
            let type = bytes.fourCC(position)
            let size = try bytes.u32le(position + 4)
            let dataAt = position + 8
            guard size <= end - dataAt else {
                throw ImageStructureError(
                    "chunk \(type) runs past the RIFF size", at: position, width: width, height: height)
            }
            let chunkEnd = dataAt + size + (size & 1)
            switch type {
            case "VP8 " where !extended && sawImage, "VP8L" where !extended && sawImage:
                // A second image chunk in a simple file: libwebp decodes the first and never reads it.
                extraChunks.append((type, position, min(chunkEnd, end)))
            case "VP8 ":
                guard size >= 10 else { throw ImageStructureError("VP8 chunk too short", at: position) }
                guard try bytes.byte(dataAt) & 0x01 == 0 else {
                    throw ImageStructureError("VP8 data is not a key frame", at: dataAt)
                }
                guard try bytes.byte(dataAt + 3) == 0x9D, try bytes.byte(dataAt + 4) == 0x01,
                    try bytes.byte(dataAt + 5) == 0x2A
                else {
                    throw ImageStructureError("VP8 start code missing", at: dataAt + 3)
                }
                let w = try bytes.u16le(dataAt + 6) & 0x3FFF
                let h = try bytes.u16le(dataAt + 8) & 0x3FFF
                guard w > 0, h > 0 else { throw ImageStructureError("VP8 frame of zero size", at: dataAt + 6) }
                if !extended { (width, height) = (w, h) }
                sawImage = true
            case "VP8L":
                guard size >= 5 else { throw ImageStructureError("VP8L chunk too short", at: position) }
                guard try bytes.byte(dataAt) == 0x2F else {
                    throw ImageStructureError("VP8L signature missing", at: dataAt)
                }
                let bits = try bytes.u32le(dataAt + 1)
                guard bits >> 29 == 0 else { throw ImageStructureError("VP8L version is not 0", at: dataAt + 4) }
                if !extended { (width, height) = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1) }
                sawImage = true
            case "VP8X":
                guard first else { throw ImageStructureError("VP8X is not the first chunk", at: position) }
                guard size >= 10 else { throw ImageStructureError("VP8X chunk too short", at: position) }
                extended = true
                sawAnimation = try bytes.byte(dataAt) & 0x02 != 0
                width = try bytes.u24le(dataAt + 4) + 1
                height = try bytes.u24le(dataAt + 7) + 1
            case "ANMF":
                guard extended else {
                    throw ImageStructureError("ANMF without VP8X", at: position, width: width, height: height)
                }
                sawImage = true
            case "ALPH" where extended, "ANIM" where extended:
                break
            default:
                guard extended || sawImage else {
                    throw ImageStructureError(
                        "chunk \(type) before the image data in a simple WebP file", at: position, width: width,
                        height: height)
                }
                extraChunks.append((type, position, min(chunkEnd, end)))
            }
            first = false
            position = chunkEnd
        }
        guard sawImage || sawAnimation else {
            throw ImageStructureError("no image data chunk", at: position, width: width, height: height)
        }
        guard position == end else {
            throw ImageStructureError("padding runs past the RIFF size", at: end, width: width, height: height)
        }
        return ImageStructure(width: width, height: height, end: end, extraChunks: extraChunks)
    }
}
