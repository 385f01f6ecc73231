// Image uploads checked by structure, not by their first two bytes: the format's own walk to its end,
// then anything after that end (polyglots), then script markers anywhere, then the caller's caps.

import Foundation

/// Checks that a file is a well-formed JPEG, PNG, GIF, WebP, HEIC or AVIF image with nothing
/// appended and no script hidden inside, without decoding a pixel.
///
/// Each format is walked structure by structure to its end: JPEG marker segments and entropy-coded
/// data to EOI, PNG chunks with their CRC-32s to IEND, GIF blocks and sub-blocks to the trailer,
/// WebP's RIFF chunks, HEIC/AVIF boxes. The report names the first problem and its byte offset.
///
/// ```swift
/// let inspector = ImageInspector(limits: ImageLimits(maxPixels: 50_000_000))
/// let report = inspector.inspect(try Data(contentsOf: upload))
/// guard report.isValid else {
///     throw UploadRefused("\(report.verdict): \(report.problem ?? "") at byte \(report.offset ?? 0)")
/// }
/// ```
public struct ImageInspector: Sendable {
    /// The caps applied.
    public let limits: ImageLimits

    /// An inspector with the given caps (by default 100 megapixels, ``ImageLimits/default``).
    public init(limits: ImageLimits = .default) {
        self.limits = limits
    }

    /// Inspects the bytes of one file.
    public func inspect(_ data: Data) -> ImageReport {
        data.withUnsafeBytes { inspect(bytes: $0) }
    }

    /// The report for a file of `byteCount` bytes when that is over ``ImageLimits/maxBytes``
    /// (``ImageVerdict/suspicious``): a file can be refused by its size, unread. `nil` within the cap.
    ///
    /// ```swift
    /// let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    /// let report = inspector.oversizeReport(byteCount: size) ?? inspector.inspect(try Data(contentsOf: url))
    /// ```
    public func oversizeReport(byteCount: Int, format: ImageFormat = .unknown) -> ImageReport? {
        guard let maxBytes = limits.maxBytes, byteCount > maxBytes else { return nil }
        return ImageReport(
            format: format, width: nil, height: nil, verdict: .suspicious,
            problem: "\(byteCount) bytes, over the cap of \(maxBytes)", offset: maxBytes)
    }

    /// Inspects the bytes of one file in memory.
    public func inspect(bytes buffer: UnsafeRawBufferPointer) -> ImageReport {
        let bytes = ImageBytes(base: buffer)
        let format = Self.format(of: bytes)
        if let oversize = oversizeReport(byteCount: bytes.count, format: format) { return oversize }
        let structure: ImageStructure
        do {
            switch format {
            case .jpeg: structure = try JPEGStructure.walk(bytes)
            case .png: structure = try PNGStructure.walk(bytes)
            case .gif: structure = try GIFStructure.walk(bytes)
            case .webp: structure = try WebPStructure.walk(bytes)
            case .heic, .avif: structure = try ISOBMFFStructure.walk(bytes)
            case .unknown:
                return ImageReport(
                    format: .unknown, width: nil, height: nil, verdict: .unsupported,
                    problem: "not a JPEG, PNG, GIF, WebP, HEIC or AVIF signature", offset: 0)
            }
        } catch {
            return ImageReport(
                format: format, width: error.width, height: error.height, verdict: .corrupt, problem: error.message,
                offset: error.offset)
        }
        let (width, height) = (structure.width, structure.height)
        let chunks = structure.extraChunks.map(\.type)
        if structure.end < bytes.count {
            return ImageReport(
                format: format, width: width, height: height, verdict: .polyglot,
                problem:
                    "\(bytes.count - structure.end) bytes after the end of the image\(Self.describeTrailer(bytes, at: structure.end))",
                offset: structure.end, extraChunks: chunks)
        }
        if let (marker, offset) = ScriptMarkerScan.first(in: bytes) {
            let place = structure.extraChunks.first { $0.offset <= offset && offset < $0.end }
                .map { " (in the \($0.type.trimmingCharacters(in: .whitespaces)) chunk at byte \($0.offset))" }
            return ImageReport(
                format: format, width: width, height: height, verdict: .suspicious,
                problem: "script marker \(marker) inside the image\(place ?? "")", offset: offset,
                extraChunks: chunks)
        }
        if let maxPixels = limits.maxPixels, let width, let height,
            width.multipliedReportingOverflow(by: height).overflow
                || width * height > maxPixels
        {
            return ImageReport(
                format: format, width: width, height: height, verdict: .suspicious,
                problem: "\(width)×\(height) pixels, over the cap of \(maxPixels)", offset: nil, extraChunks: chunks)
        }
        return ImageReport(
            format: format, width: width, height: height, verdict: .valid, problem: nil, offset: nil,
            extraChunks: chunks)
    }

    /// The format a file's signature names.
    static func format(of bytes: ImageBytes) -> ImageFormat {
        if bytes.count >= 3, bytes.base[0] == 0xFF, bytes.base[1] == 0xD8, bytes.base[2] == 0xFF { return .jpeg }
        // PNG's first byte or its "PNG": a damaged signature is a corrupt PNG, not an unknown format.
        if (bytes.count >= 1 && bytes.base[0] == 0x89) || bytes.matches("PNG", at: 1) { return .png }
        if bytes.matches("GIF8", at: 0) { return .gif }
        if bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) { return .webp }
        if let format = ISOBMFFStructure.format(bytes) { return format }
        return .unknown
    }

    /// What the appended data looks like, when it has a well-known signature.
    private static func describeTrailer(_ bytes: ImageBytes, at offset: Int) -> String {
        if bytes.matches("PK\u{03}\u{04}", at: offset) { return " (a ZIP or JAR archive)" }
        if bytes.matches("ID3", at: offset) { return " (MP3 audio)" }
        if bytes.matches("%PDF", at: offset) { return " (a PDF document)" }
        if bytes.matches("Rar!", at: offset) { return " (a RAR archive)" }
        if bytes.matches("7z", at: offset) { return " (a 7-Zip archive)" }
        if bytes.count - offset >= 2, bytes.base[offset] == 0xFF, bytes.base[offset + 1] & 0xE0 == 0xE0 {
            return " (MPEG audio frames)"
        }
        return ""
    }
}
