// GIF 87a/89a: header, logical screen, colour tables, image descriptors and extensions with their
// sub-blocks, the LZW minimum code size, and the trailer.

enum GIFStructure {
    static func walk(_ bytes: ImageBytes) throws(ImageStructureError) -> ImageStructure {
        guard bytes.matches("GIF87a", at: 0) || bytes.matches("GIF89a", at: 0) else {
            throw ImageStructureError("not a GIF87a or GIF89a header", at: 0)
        }
        let width = try bytes.u16le(6)
        let height = try bytes.u16le(8)
        let flags = try bytes.byte(10)
        guard width > 0, height > 0 else {
            throw ImageStructureError("logical screen of zero width or height", at: 6, width: width, height: height)
        }
        var position = 13
        if flags & 0x80 != 0 { position += 3 << (Int(flags & 0x07) + 1) }
        var images = 0
        while true {
            guard position < bytes.count else {
                throw ImageStructureError("truncated: no trailer", at: bytes.count, width: width, height: height)
            }
            switch bytes.base[position] {
            case 0x3B:
                guard images > 0 else {
                    throw ImageStructureError("no image before the trailer", at: position, width: width, height: height)
                }
                return ImageStructure(width: width, height: height, end: position + 1)
            case 0x2C:
                try bytes.need(10, at: position, "an image descriptor")
                let imageFlags = bytes.base[position + 9]
                position += 10
                if imageFlags & 0x80 != 0 { position += 3 << (Int(imageFlags & 0x07) + 1) }
                let codeSize = try bytes.byte(position)
                // giflib accepts 0...8; 1 is written by some encoders for two-colour images, 0 is meaningless.
                guard (1...8).contains(codeSize) else {
                    throw ImageStructureError(
                        "LZW minimum code size \(codeSize) outside 1...8", at: position, width: width, height: height)
                }
                position = try subBlocks(bytes, from: position + 1, width: width, height: height)
                images += 1
            case 0x21:
                let label = try bytes.byte(position + 1)
                if label == 0xF9 {
                    guard try bytes.byte(position + 2) == 4 else {
                        throw ImageStructureError(
                            "graphic control extension is not 4 bytes", at: position + 2, width: width, height: height)
                    }
                }
                position = try subBlocks(bytes, from: position + 2, width: width, height: height)
            default:
                throw ImageStructureError("unknown block", at: position, width: width, height: height)
            }
        }
    }

    /// The offset after the terminator of the sub-blocks starting at `from`.
    private static func subBlocks(_ bytes: ImageBytes, from: Int, width: Int, height: Int) throws(ImageStructureError)
        -> Int
    {
        var position = from
        while true {
            guard position < bytes.count else {
                throw ImageStructureError("truncated in data sub-blocks", at: bytes.count, width: width, height: height)
            }
            let size = Int(bytes.base[position])
            if size == 0 { return position + 1 }
            position += 1 + size
        }
    }
}
