import ArgumentParser
import Foundation
import RampartValidation

/// `rampart validate image FILE...`: each file's format, size and structural verdict.
struct ValidateImageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Check that files are well-formed JPEG, PNG, GIF, WebP, HEIC or AVIF images with nothing appended.",
        usage: "rampart validate image [<options>] [<files> ...]",
        discussion: """
            Each file is walked structure by structure to its end (JPEG segments and scan data, PNG chunks and \
            CRC-32s, GIF blocks, WebP chunks, HEIC/AVIF boxes). Verdicts: valid, corrupt, polyglot (data after the \
            image's end: JPEG+ZIP, GIF+JAR…), suspicious (<?php, <?= or <script inside, or over --max-pixels / \
            --max-bytes), unsupported. Pixels are capped at 100 megapixels unless --max-pixels says otherwise. WebP \
            metadata chunks (ICCP, EXIF, XMP) are listed; a script marker inside one makes the file suspicious.

              rampart validate image upload.jpg avatar.png
              rampart validate image --max-pixels 40000000 --format json *.jpg

            Exit 0 when every file is a valid image, 1 when any is not, 2 usage, 66 missing file, 74 unreadable \
            file.
            """)

    @Option(
        help: "The most pixels (width × height) accepted (1…1000000000000, default 100000000: 100 megapixels).",
        transform: BoundedOption.integer(1...1_000_000_000_000))
    var maxPixels: Int = ImageLimits.defaultMaxPixels
    @Option(
        help: "The most bytes accepted (1…1099511627776); larger files are refused unread.",
        transform: BoundedOption.integer(1...(1 << 40)))
    var maxBytes: Int?
    @OptionGroup var output: FormatOptions
    @Argument(help: "Image files.", transform: PathArgument.path)
    var files: [String] = []

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give one image file or more") }
    }

    struct Result: Encodable {
        let file: String
        let format: String?
        let width: Int?
        let height: Int?
        let verdict: String?
        let problem: String?
        let offset: Int?
        let extraChunks: [String]?
        let error: String?
    }

    func run() async throws {
        let inspector = ImageInspector(limits: ImageLimits(maxPixels: maxPixels, maxBytes: maxBytes))
        var results: [Result] = []
        var worst: ExitStatus = .success
        for file in files {
            do {
                let report = try inspect(file, inspector)
                results.append(
                    Result(
                        file: PathArgument.jsonName(file), format: report.format.rawValue, width: report.width,
                        height: report.height,
                        verdict: report.verdict.rawValue, problem: report.problem, offset: report.offset,
                        extraChunks: report.extraChunks, error: nil))
                if !report.isValid, worst == .success { worst = .policyViolation }
            } catch {
                results.append(
                    Result(
                        file: PathArgument.jsonName(file), format: nil, width: nil, height: nil, verdict: nil,
                        problem: nil, offset: nil,
                        extraChunks: nil, error: error.message))
                if error.status == .ioError || worst != .ioError { worst = error.status }
            }
        }
        switch output.format {
        case .json: try output.printJSON(results)
        case .text:
            for (index, result) in results.enumerated() {
                let name = files[index].reportField
                if let error = result.error {
                    try StandardOutput.line("error       \(name): \(error)")
                    continue
                }
                let size = result.width.map { "\($0)×\(result.height ?? 0)" } ?? "?"
                var line =
                    "\((result.verdict ?? "").padding(toLength: 12, withPad: " ", startingAt: 0))\(name): \(result.format ?? "") \(size)"
                if let chunks = result.extraChunks, !chunks.isEmpty {
                    line +=
                        " (chunks \(chunks.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")))"
                }
                if let problem = result.problem { line += ", \(problem) at byte \(result.offset ?? 0)" }
                try StandardOutput.line(line)
            }
        }
        if worst != .success { throw CommandFailure("", status: worst) }
    }

    /// One file's report: 66 when it does not exist, 74 when it cannot be read.
    private func inspect(_ path: String, _ inspector: ImageInspector) throws(CommandFailure) -> ImageReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file", status: .noInput)
        }
        guard !isDirectory.boolValue else { throw CommandFailure("a directory, not a file", status: .ioError) }
        var info = stat()
        if stat(path, &info) == 0, let oversize = inspector.oversizeReport(byteCount: Int(info.st_size)) {
            return oversize
        }
        do {
            return inspector.inspect(try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped))
        } catch {
            throw CommandFailure("cannot read: \(error.localizedDescription)", status: .ioError)
        }
    }
}
