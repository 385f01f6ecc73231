// Fuzzes the image structure check (`ImageInspector`) for every format: reports stay inside the
// file, a polyglot's image part alone is a well-formed image of the same format and size, and a
// valid image with bytes appended is a polyglot.
import Foundation
import RampartValidation

enum FuzzImageStructure {
    static let target = FuzzTarget(
        name: "image-structure", maxLength: 65_536,
        summary: "ImageInspector: JPEG, PNG, GIF, WebP, HEIC/AVIF structure, polyglots, script markers", run: run)

    static func run(_ data: Data) {
        let name = target.name
        let inspector = ImageInspector(limits: ImageLimits(maxPixels: 1 << 40))
        let report = inspector.inspect(data)
        FuzzCheck.require(inspector.inspect(data) == report, name, "the check is not deterministic")
        if let offset = report.offset {
            FuzzCheck.require(offset >= 0 && offset <= data.count, name, "an offset outside the file")
        }
        FuzzCheck.require((report.verdict == .valid) == (report.problem == nil), name, "a problem without a verdict")
        switch report.verdict {
        case .polyglot:
            guard let end = report.offset else { FuzzCheck.fail(name, "a polyglot without its end") }
            FuzzCheck.require(end < data.count, name, "a polyglot with nothing appended")
            let image = inspector.inspect(data.prefix(end))
            FuzzCheck.require(
                (image.verdict == .valid || image.verdict == .suspicious) && image.format == report.format
                    && image.width == report.width && image.height == report.height,
                name, "a polyglot's image part is not the image reported")
        case .valid:
            let appended = inspector.inspect(data + Data("PK\u{03}\u{04}".utf8))
            FuzzCheck.require(
                appended.verdict == .polyglot && appended.offset == data.count, name,
                "bytes after a valid image are not reported")
        default:
            break
        }
    }
}
