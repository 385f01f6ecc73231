// HEIC and AVIF (ISO base media file format, ISO/IEC 14496-12 and 23008-12): the ftyp brands, every
// box's size to the end of the file, a meta box, and the image size from `ispe` properties.

enum ISOBMFFStructure {
    static let avifBrands: Set<String> = ["avif", "avis"]
    static let heicBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1",
    ]

    /// The format the `ftyp` box names, or nil when the file does not start with one.
    static func format(_ bytes: ImageBytes) -> ImageFormat? {
        guard bytes.matches("ftyp", at: 4), let size = try? bytes.u32be(0), size >= 16, bytes.has(size, at: 0) else {
            return nil
        }
        var brands = [bytes.fourCC(8)]
        var position = 16
        while position + 4 <= size {
            brands.append(bytes.fourCC(position))
            position += 4
        }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heic }
        return nil
    }

    static func walk(_ bytes: ImageBytes) throws(ImageStructureError) -> ImageStructure {
        var position = 0
        var sawMeta = false
        var best: (width: Int, height: Int)?
        var aperture: (width: Int, height: Int)?
        while position < bytes.count {
            // Once the meta box is read, a top-level box of a type this format does not use ends the
            // image: what follows is other data (a ZIP, a script), not a broken box.
            guard bytes.has(8, at: position), isBoxType(bytes, at: position + 4),
                !sawMeta || topLevelTypes.contains(bytes.fourCC(position + 4))
            else {
                guard sawMeta else { throw ImageStructureError("no meta box before other data", at: position) }
                let size = displayed(best, aperture)
                return ImageStructure(width: size?.width, height: size?.height, end: position)
            }
            let (bodyStart, boxEnd) = try box(bytes, at: position, within: bytes.count)
            let type = bytes.fourCC(position + 4)
            if type == "meta" {
                sawMeta = true
                try children(bytes, from: bodyStart + 4, to: boxEnd, depth: 1, best: &best, aperture: &aperture)
            }
            position = boxEnd
        }
        guard sawMeta else { throw ImageStructureError("no meta box", at: bytes.count) }
        let size = displayed(best, aperture)
        return ImageStructure(width: size?.width, height: size?.height, end: position)
    }

    /// The largest `ispe` size, cropped by a clean aperture (`clap`) that fits in it: HEVC codes
    /// 4:2:0 images in even sizes, and `clap` gives the size shown.
    private static func displayed(
        _ coded: (width: Int, height: Int)?, _ aperture: (width: Int, height: Int)?
    ) -> (width: Int, height: Int)? {
        guard let coded else { return nil }
        guard let aperture, aperture.width > 0, aperture.height > 0, aperture.width <= coded.width,
            aperture.height <= coded.height
        else { return coded }
        return aperture
    }

    private static func isBoxType(_ bytes: ImageBytes, at offset: Int) -> Bool {
        (offset..<(offset + 4)).allSatisfy { bytes.has(1, at: $0) && (32...126).contains(bytes.base[$0]) }
    }

    /// A box's body start and end; size 1 means a 64-bit size follows; size 0 is refused.
    private static func box(_ bytes: ImageBytes, at offset: Int, within limit: Int) throws(ImageStructureError) -> (
        Int, Int
    ) {
        let size = try bytes.u32be(offset)
        var bodyStart = offset + 8
        var end: Int
        switch size {
        case 0:
            // "To the end of the file": legal for a last box, but it would hide whatever is appended
            // (a ZIP inside a size-0 meta or mdat), so an upload check refuses it.
            throw ImageStructureError(
                "box \(bytes.fourCC(offset + 4)) has size 0 (to the end of the file), which would hide appended data",
                at: offset)
        case 1:
            let large = try bytes.u64be(offset + 8)
            guard large <= UInt64(Int.max), case (let sum, false) = offset.addingReportingOverflow(Int(large)) else {
                throw ImageStructureError("box size out of range", at: offset)
            }
            end = sum
            bodyStart += 8
        default: end = offset + size
        }
        guard end >= bodyStart, end <= limit else {
            throw ImageStructureError("box \(bytes.fourCC(offset + 4)) runs past its container", at: offset)
        }
        return (bodyStart, end)
    }

    /// The top-level boxes of HEIF/AVIF files (ISO/IEC 14496-12 and 23008-12).
    private static let topLevelTypes: Set<String> = [
        "ftyp", "meta", "mdat", "moov", "free", "skip", "uuid", "pdin", "moof", "mfra", "styp", "sidx", "ssix", "prft",
        "emsg", "wide", "etyp", "idat",
    ]

    private static let containers: Set<String> = ["iprp", "ipco", "dinf", "iinf"]

    private static func children(
        _ bytes: ImageBytes, from: Int, to end: Int, depth: Int, best: inout (width: Int, height: Int)?,
        aperture: inout (width: Int, height: Int)?
    ) throws(ImageStructureError) {
        guard depth < 16 else { throw ImageStructureError("boxes nested too deep", at: from) }
        var position = from
        while position < end {
            guard position + 8 <= end else { throw ImageStructureError("truncated box header", at: position) }
            let (bodyStart, boxEnd) = try box(bytes, at: position, within: end)
            let type = bytes.fourCC(position + 4)
            if containers.contains(type), type != "iinf" {
                try children(bytes, from: bodyStart, to: boxEnd, depth: depth + 1, best: &best, aperture: &aperture)
            } else if type == "ispe" {
                guard boxEnd - bodyStart >= 12 else { throw ImageStructureError("ispe box too short", at: position) }
                let width = try bytes.u32be(bodyStart + 4)
                let height = try bytes.u32be(bodyStart + 8)
                // Both are 32-bit: their product fits in 64 bits.
                let pixels = UInt64(width) * UInt64(height)
                if pixels > (best.map { UInt64($0.width) * UInt64($0.height) } ?? 0) || best == nil {
                    best = (width, height)
                }
            } else if type == "clap" {
                guard boxEnd - bodyStart >= 32 else { throw ImageStructureError("clap box too short", at: position) }
                let widthN = try bytes.u32be(bodyStart)
                let widthD = try bytes.u32be(bodyStart + 4)
                let heightN = try bytes.u32be(bodyStart + 8)
                let heightD = try bytes.u32be(bodyStart + 12)
                if widthD > 0, heightD > 0 { aperture = (widthN / widthD, heightN / heightD) }
            }
            position = boxEnd
        }
    }
}
