// Image structure checks against real files: PngSuite (Willem van Schaik, free to use, via
// image-rs/image-png), image-png's corrupt bug-report files (MIT), libavif's test images (BSD-2-Clause),
// images written by Pillow's encoders and polyglots built from them with Info-ZIP (see each
// folder's script and Fixtures/README.md), and libheif's HEIC test images.

import Foundation
import RampartValidation
import Testing

@Suite("Images: real files")
struct ImageSuiteTests {
    static let inspector = ImageInspector()

    static func pngSuite(corrupt: Bool) throws -> [String] {
        try FixtureFiles.names(in: "pngsuite").filter { $0.hasSuffix(".png") && $0.hasPrefix("x") == corrupt }
    }

    @Test("PngSuite: every valid file", arguments: try pngSuite(corrupt: false))
    func pngSuiteValid(_ name: String) throws {
        let report = Self.inspector.inspect(try FixtureFiles.data("pngsuite/\(name)"))
        #expect(report.verdict == .valid, "\(report.problem ?? "") at \(report.offset ?? -1)")
        #expect(report.format == .png)
        // PngSuite names its size-test files sNN: NN × NN pixels; the rest are 32 × 32 (PngSuite.png is the logo).
        if name.hasPrefix("s"), let size = Int(name.dropFirst().prefix(2)) {
            #expect(report.width == size && report.height == size)
        } else if let size = Self.otherSizes[name] {
            #expect(report.width == size.0 && report.height == size.1)
        } else if name != "PngSuite.png" {
            #expect(report.width == 32 && report.height == 32)
        }
    }

    /// PngSuite's pixel-aspect files: 8×32 flat, 32×8 high, 8×8 square.
    static let otherSizes: [String: (Int, Int)] = [
        "cdfn2c08.png": (8, 32), "cdhn2c08.png": (32, 8), "cdsn2c08.png": (8, 8),
    ]

    /// PngSuite's x files, each with the problem its README describes.
    static let corruptPngSuite: [String: (String, Int)] = [
        "xs1n0g01.png": ("bad signature byte", 0),  // signature byte 1 MSBit reset
        "xs2n0g01.png": ("bad signature byte", 1),  // signature byte 2 is a 'Q'
        "xs4n0g01.png": ("bad signature byte", 3),  // signature byte 4 lowercase
        "xs7n0g01.png": ("bad signature byte", 6),  // 7th byte a space instead of control-Z
        "xcrn0g04.png": ("bad signature byte", 5),  // added cr bytes
        "xlfn0g04.png": ("bad signature byte", 4),  // added lf bytes
        "xhdn0g08.png": ("CRC-32 of chunk IHDR does not match", 29),  // incorrect IHDR checksum
        "xc1n0g08.png": ("IHDR colour type 1 does not exist", 25),  // color type 1
        "xc9n2c08.png": ("IHDR colour type 9 does not exist", 25),  // color type 9
        "xd0n2c08.png": ("IHDR bit depth 0 is not allowed for colour type 2", 24),  // bit-depth 0
        "xd3n2c08.png": ("IHDR bit depth 3 is not allowed for colour type 2", 24),  // bit-depth 3
        "xd9n2c08.png": ("IHDR bit depth 99 is not allowed for colour type 2", 24),  // bit-depth 99
        "xdtn0g01.png": ("no IDAT chunk", -1),  // missing IDAT chunk
        "xcsn0g01.png": ("CRC-32 of chunk IDAT does not match", -1),  // incorrect IDAT checksum
    ]

    @Test("PngSuite: every corrupt x file", arguments: try pngSuite(corrupt: true))
    func pngSuiteCorrupt(_ name: String) throws {
        let report = Self.inspector.inspect(try FixtureFiles.data("pngsuite/\(name)"))
        #expect(report.verdict == .corrupt)
        let expected = try #require(Self.corruptPngSuite[name], "every x file has its expectation")
        #expect(report.problem == expected.0)
        if expected.1 >= 0 { #expect(report.offset == expected.1) }
    }

    @Test("image-png's corrupt files") func imagePNGBugfixes() throws {
        let expected: [String: ImageVerdict] = [
            "x_consecutive_idat.png": .corrupt, "x_ihdr_missing.png": .corrupt,
            // Its defect is inside the zlib stream, which a structure check does not inflate.
            "x_image-issue-1075.png": .valid,
            "x_interlaced_chck.png": .corrupt, "x_issue-214.png": .corrupt, "x_issue-230.0.png": .corrupt,
            "x_issue-230.1.png": .corrupt, "x_unexpected_eof.png": .corrupt,
        ]
        for name in try FixtureFiles.names(in: "image-png-bugfixes") where name.hasSuffix(".png") {
            let report = Self.inspector.inspect(try FixtureFiles.data("image-png-bugfixes/\(name)"))
            #expect(report.verdict == expected[name], "\(name): \(report.problem ?? "") at \(report.offset ?? -1)")
        }
    }

    static let pillowImages: [(String, ImageFormat, Int, Int)] = [
        ("baseline.jpg", .jpeg, 64, 48), ("progressive.jpg", .jpeg, 64, 48), ("rgb.png", .png, 64, 48),
        ("palette.png", .png, 64, 48), ("rgba.png", .png, 64, 48), ("still.gif", .gif, 64, 48),
        ("animated.gif", .gif, 40, 30), ("bilevel.gif", .gif, 16, 16), ("lossy.webp", .webp, 64, 48),
        ("lossless.webp", .webp, 64, 48), ("alpha.webp", .webp, 64, 48), ("animated.webp", .webp, 40, 30),
    ]

    @Test("Pillow's encoders: valid, with their dimensions", arguments: pillowImages.map { $0.0 })
    func pillow(_ name: String) throws {
        let expected = try #require(Self.pillowImages.first { $0.0 == name })
        let report = Self.inspector.inspect(try FixtureFiles.data("pillow/\(name)"))
        #expect(
            report
                == ImageReport(
                    format: expected.1, width: expected.2, height: expected.3, verdict: .valid, problem: nil,
                    offset: nil))
    }

    @Test("every truncation of a real image is corrupt", arguments: pillowImages.map { $0.0 })
    func truncations(_ name: String) throws {
        let data = try FixtureFiles.data("pillow/\(name)")
        for length in 0..<data.count {
            let report = Self.inspector.inspect(data.prefix(length))
            #expect(
                report.verdict == .corrupt || (length < 12 && report.verdict == .unsupported),
                "\(length) bytes: \(report)")
            if report.verdict != .corrupt && report.verdict != .unsupported { break }
        }
    }

    @Test("libavif's AVIF files") func avif() throws {
        let expected: [String: (Int, Int)] = [
            "circle_custom_properties.avif": (100, 60), "clop_irot_imor.avif": (12, 34),
            "colors-animated-8bpc.avif": (150, 150),
            "draw_points_idat.avif": (33, 11), "extended_pixi.avif": (4, 4), "white_1x1.avif": (1, 1),
        ]
        for name in try FixtureFiles.names(in: "libavif") where name.hasSuffix(".avif") {
            let report = Self.inspector.inspect(try FixtureFiles.data("libavif/\(name)"))
            #expect(
                report.verdict == .valid && report.format == .avif,
                "\(name): \(report.problem ?? "") at \(report.offset ?? -1)")
            #expect(
                report.width == expected[name]?.0 && report.height == expected[name]?.1,
                "\(name): \(report.width ?? 0)×\(report.height ?? 0)")
        }
    }

    @Test("libheif's HEIC files") func heic() throws {
        let expected: [String: (Int, Int)] = [
            "rainbow-451x461.heic": (451, 461), "with-alpha-512x512.heic": (512, 512),
        ]
        for (name, size) in expected {
            let data = try FixtureFiles.data("libheif/\(name)")
            let report = Self.inspector.inspect(data)
            #expect(
                report.verdict == .valid && report.format == .heic,
                "\(name): \(report.problem ?? "") at \(report.offset ?? -1)")
            #expect(
                report.width == size.0 && report.height == size.1, "\(name): \(report.width ?? 0)×\(report.height ?? 0)"
            )
            #expect(Self.inspector.inspect(data + Data("PK\u{03}\u{04}rest".utf8)).verdict == .polyglot)
            for length in stride(from: 0, to: data.count, by: 97) {
                #expect(Self.inspector.inspect(data.prefix(length)).verdict != .valid, "\(name) cut at \(length)")
            }
        }
    }

    @Test("polyglots: the image's end is where the other file starts") func polyglots() throws {
        let cases: [(String, String, String)] = [
            ("jpeg-zip.jpg", "baseline.jpg", "ZIP"), ("gif-jar.gif", "still.gif", "JAR"),
            ("jpeg-mp3.jpg", "baseline.jpg", "MP3"),
        ]
        for (name, original, kind) in cases {
            let report = Self.inspector.inspect(try FixtureFiles.data("polyglots/\(name)"))
            #expect(report.verdict == .polyglot, "\(name)")
            #expect(report.offset == (try FixtureFiles.data("pillow/\(original)")).count)
            #expect(report.problem?.contains(kind) == true, "\(report.problem ?? "")")
        }
    }

    @Test("web shells in metadata are suspicious") func scripts() throws {
        for name in ["php-comment.jpg", "php-text.png", "php-comment.gif", "script-xmp.webp"] {
            let report = Self.inspector.inspect(try FixtureFiles.data("polyglots/\(name)"))
            #expect(report.verdict == .suspicious, "\(name): \(report.verdict) \(report.problem ?? "")")
        }
    }

    @Test("caps on pixels and bytes") func caps() throws {
        let data = try FixtureFiles.data("pillow/baseline.jpg")
        #expect(ImageInspector(limits: ImageLimits(maxPixels: 64 * 48)).inspect(data).verdict == .valid)
        let overPixels = ImageInspector(limits: ImageLimits(maxPixels: 64 * 48 - 1)).inspect(data)
        #expect(overPixels.verdict == .suspicious && overPixels.width == 64)
        #expect(ImageInspector(limits: ImageLimits(maxBytes: 100)).inspect(data).verdict == .suspicious)
    }

    /// A well-formed PNG of the given size (IHDR, one IDAT of a few bytes, IEND), CRC-32s included.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func be(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            be(UInt32(body.count)) + Array(type.utf8) + body + be(crc32(Array(type.utf8) + body))
        }
        let ihdr = be(width) + be(height) + [8, 2, 0, 0, 0]
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        return Data(png)
    }

    @Test("a default pixel cap of 100 megapixels: a bomb's header is suspicious, a phone photo's is not")
    func defaultPixelCap() {
        #expect(ImageLimits().maxPixels == 100_000_000 && ImageLimits.default == ImageLimits())
        #expect(ImageInspector().limits == ImageLimits())
        #expect(ImageLimits.none.maxPixels == nil && ImageLimits.none.maxBytes == nil)
        let bomb = Self.pngHeader(width: 100_000, height: 100_000)
        let report = ImageInspector().inspect(bomb)
        #expect(report.verdict == .suspicious && report.width == 100_000 && report.height == 100_000)
        #expect(report.problem == "100000×100000 pixels, over the cap of 100000000")
        #expect(ImageInspector(limits: .none).inspect(bomb).verdict == .valid)
        // A 48-megapixel phone photo (8064×6048) and exactly 100 megapixels pass.
        #expect(ImageInspector().inspect(Self.pngHeader(width: 8064, height: 6048)).verdict == .valid)
        #expect(ImageInspector().inspect(Self.pngHeader(width: 10_000, height: 10_000)).verdict == .valid)
        #expect(ImageInspector().inspect(Self.pngHeader(width: 10_000, height: 10_001)).verdict == .suspicious)
    }

    @Test("hostile HEIF sizes: 32-bit ispe dimensions and a 64-bit box size near Int.max") func hostileSizes() {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
                + Array(type.utf8) + body
        }
        let ispe = box("ispe", [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8))
        let meta = box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
        let file = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)) + meta
        let huge = ImageInspector(limits: ImageLimits(maxPixels: 1 << 30)).inspect(Data(file))
        #expect(huge.verdict == .suspicious && huge.width == 0xFFFF_FFFF)
        let largeSize: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]
        let report = Self.inspector.inspect(Data(file + largeSize))
        #expect(report.verdict == .corrupt && report.problem == "box size out of range")
        // Found by the image-structure fuzz target: a size-0 ("to the end of the file") meta box
        // swallowed an appended ZIP, so the polyglot went unseen. Size 0 is refused.
        let sizeZeroMeta =
            box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)) + [0, 0, 0, 0]
            + Array("meta".utf8) + [0, 0, 0, 0] + box("iprp", box("ipco", ispe)) + Array("PK\u{03}\u{04}zip".utf8)
        let hidden = Self.inspector.inspect(Data(sizeZeroMeta))
        #expect(hidden.verdict == .corrupt && hidden.problem?.contains("size 0") == true)
    }

    /// libwebp-made files with metadata chunks (webp-metadata/make-webp-metadata.py): verdict and chunks.
    static let webpMetadata: [(String, ImageVerdict, [String])] = [
        ("lossy-exif-xmp.webp", .valid, ["EXIF", "XMP "]), ("lossy-iccp.webp", .valid, ["ICCP"]),
        ("lossless-exif.webp", .valid, ["EXIF"]), ("lossy-xmp-script.webp", .suspicious, ["XMP "]),
        ("extended-exif.webp", .valid, ["EXIF"]),
    ]

    @Test("WebP metadata chunks after the image chunk are listed, not corrupt", arguments: webpMetadata.map { $0.0 })
    func webpMetadataChunks(_ name: String) throws {
        let expected = try #require(Self.webpMetadata.first { $0.0 == name })
        let data = try FixtureFiles.data("webp-metadata/\(name)")
        let report = Self.inspector.inspect(data)
        #expect(report.verdict == expected.1, "\(name): \(report.problem ?? "") at \(report.offset ?? -1)")
        #expect(report.format == .webp && report.width == 64 && report.height == 48)
        #expect(report.extraChunks == expected.2)
        if expected.1 == .suspicious {
            #expect(report.problem == "script marker <script inside the image (in the XMP chunk at byte 1118)")
            #expect(report.offset == 1137)
        }
        // Data after the RIFF size is still a polyglot, metadata or not.
        let appended = Self.inspector.inspect(data + Data("PK\u{03}\u{04}zip".utf8))
        #expect(appended.verdict == .polyglot && appended.offset == data.count && appended.extraChunks == expected.2)
    }

    @Test("WebP chunks that libwebp refuses or that break the RIFF sizes stay corrupt") func webpMalformedChunks()
        throws
    {
        let lossy = try FixtureFiles.data("pillow/lossy.webp")
        func riff(_ chunks: Data) -> Data {
            let size = UInt32(4 + chunks.count)
            return Data("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian) { Data($0) } + Data("WEBP".utf8) + chunks
        }
        func chunk(_ type: String, _ payload: Data, declared: UInt32? = nil) -> Data {
            let size = declared ?? UInt32(payload.count)
            return Data(type.utf8) + withUnsafeBytes(of: size.littleEndian) { Data($0) } + payload
                + (payload.count % 2 == 1 ? Data([0]) : Data())
        }
        let image = lossy.dropFirst(12)
        // Before the image chunk: libwebp's simple-format decoder fails (dwebp: BITSTREAM_ERROR).
        let before = Self.inspector.inspect(riff(chunk("EXIF", Data("abcd".utf8)) + image))
        #expect(
            before.verdict == .corrupt && before.problem == "chunk EXIF before the image data in a simple WebP file")
        let past = Self.inspector.inspect(riff(image + chunk("EXIF", Data("abcd".utf8), declared: 400)))
        #expect(past.verdict == .corrupt && past.problem == "chunk EXIF runs past the RIFF size")
        let cut = Self.inspector.inspect(riff(image + Data("EX".utf8)))
        #expect(cut.verdict == .corrupt && cut.problem == "truncated chunk header")
        // An odd-sized chunk is padded to an even size; the pad byte counts inside the RIFF size.
        let odd = Self.inspector.inspect(riff(image + chunk("XMP ", Data("<x/>!".utf8))))
        #expect(odd.verdict == .valid && odd.extraChunks == ["XMP "])
    }

    static let dwebp = "/usr/bin/dwebp"

    @Test(
        "libwebp decodes every WebP fixture this check does not call corrupt, and refuses a chunk before VP8",
        .enabled(if: FileManager.default.isExecutableFile(atPath: dwebp), "needs dwebp (Debian package webp)"))
    func webpAgreesWithLibwebp() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-dwebp-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var files = try FixtureFiles.names(in: "webp-metadata").filter { $0.hasSuffix(".webp") }.map {
            try FixtureFiles.url("webp-metadata/\($0)")
        }
        // dwebp decodes still images only (animations need libwebp's demuxer and anim_decode).
        files += try FixtureFiles.names(in: "pillow").filter { $0.hasSuffix(".webp") && !$0.hasPrefix("animated") }.map
        {
            try FixtureFiles.url("pillow/\($0)")
        }
        #expect(files.count >= 8)
        for file in files {
            let report = Self.inspector.inspect(try Data(contentsOf: file))
            #expect(report.verdict != .corrupt, "\(file.lastPathComponent): \(report.problem ?? "")")
            let status = try await Self.run(
                Self.dwebp, ["-quiet", file.path, "-o", scratch.appendingPathComponent("o.png").path])
            #expect(status == 0, "dwebp refused \(file.lastPathComponent)")
        }
        let lossy = try FixtureFiles.data("pillow/lossy.webp")
        var chunks = Data("EXIF".utf8) + Data([4, 0, 0, 0]) + Data("abcd".utf8) + lossy.dropFirst(12)
        let size = UInt32(4 + chunks.count)
        chunks = Data("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian) { Data($0) } + Data("WEBP".utf8) + chunks
        let before = scratch.appendingPathComponent("before.webp")
        try chunks.write(to: before)
        #expect(Self.inspector.inspect(chunks).verdict == .corrupt)
        #expect(
            try await Self.run(Self.dwebp, ["-quiet", before.path, "-o", scratch.appendingPathComponent("b.png").path])
                != 0)
    }

    /// Runs a tool to its end, its output discarded, and returns the exit status (polling, never blocking a thread).
    static func run(_ tool: String, _ arguments: [String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        return process.terminationStatus
    }

    @Test("unknown formats") func unknown() {
        #expect(Self.inspector.inspect(Data("%PDF-1.7".utf8)).verdict == .unsupported)
        #expect(Self.inspector.inspect(Data()).verdict == .unsupported)
    }
}
