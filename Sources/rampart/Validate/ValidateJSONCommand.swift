import ArgumentParser
import Foundation
import RampartValidation

/// `rampart validate json FILE`: a JSON document checked against structural limits.
struct ValidateJSONCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Check a JSON document against size, depth, string, element and number limits.",
        usage: "rampart validate json [<options>] <file>",
        discussion: """
            The limits are checked by ContractDecoder's pre-scan, before anything is decoded; the first broken limit \
            is named with its key path and byte offset. A key given twice in one object is a violation \
            (duplicateKey) unless --allow-duplicate-keys. Give - to read standard input.

              rampart validate json --max-depth 8 --max-bytes 65536 response.json
              curl -s https://api.example.com/items | rampart validate json \\
                  --max-elements 1000 -

            Exit 0 within the limits, 1 when a limit is broken, 2 usage, 65 not JSON, 66 missing file, 74 I/O error.
            """)

    @Option(
        help: "The most bytes in the document (1…4294967296, default 4 MiB).",
        transform: BoundedOption.integer(1...ValidateJSONCommand.byteCeiling))
    var maxBytes: Int = JSONLimits.default.maxBytes
    @Option(
        help: "The deepest nesting of arrays and objects (1…512, default 32; 512 is the JSON parser's own limit).",
        transform: BoundedOption.integer(1...JSONLimits.deepestParsable))
    var maxDepth: Int = JSONLimits.default.maxDepth
    @Option(
        help: "The most bytes in one string or key (1…4294967296, default 65536).",
        transform: BoundedOption.integer(1...ValidateJSONCommand.byteCeiling))
    var maxStringBytes: Int = JSONLimits.default.maxStringBytes
    @Option(
        help: "The most elements in one array or members in one object (1…4294967296, default 100000).",
        transform: BoundedOption.integer(1...ValidateJSONCommand.byteCeiling))
    var maxElements: Int = JSONLimits.default.maxElements
    @Option(
        help: "The most characters in one number (1…65536, default 32).", transform: BoundedOption.integer(1...65536))
    var maxNumberCharacters: Int = JSONLimits.default.maxNumberCharacters
    @Flag(help: "Accept a key given twice in one object (refused by default: parsers disagree on which value wins).")
    var allowDuplicateKeys = false
    @OptionGroup var output: FormatOptions
    @Argument(help: "The JSON file, or - for standard input.", transform: PathArgument.path)
    var file: String

    /// The largest byte and element counts accepted (4 GiB): a document is read whole into memory.
    static let byteCeiling = 1 << 32

    struct Result: Encodable {
        let file: String
        let valid: Bool
        let rule: String?
        let keyPath: String?
        let offset: Int?
        let detail: String?
    }

    func run() async throws {
        let limits = JSONLimits(
            maxBytes: maxBytes, maxDepth: maxDepth, maxStringBytes: maxStringBytes, maxElements: maxElements,
            maxNumberCharacters: maxNumberCharacters, allowsDuplicateKeys: allowDuplicateKeys)
        var violation: ContractViolation?
        if let data = try read() {
            do {
                try ContractDecoder(limits: limits).checkLimits(data)
            } catch {
                violation = error
            }
        } else {
            violation = .tooManyBytes(limit: maxBytes, source: "standard input")
        }
        let result = Result(
            file: PathArgument.jsonName(file), valid: violation == nil, rule: violation?.rule.rawValue,
            keyPath: violation?.keyPath,
            offset: violation?.offset, detail: violation?.detail)
        switch output.format {
        case .json: try output.printJSON(result)
        case .text:
            if let violation {
                let place = violation.keyPath.isEmpty ? "" : " at \(violation.keyPath.reportField)"
                try StandardOutput.line(
                    "invalid  \(file.reportField): \(violation.rule.rawValue)\(place)"
                        + (violation.offset.map { " (byte \($0))" } ?? "") + ": \(violation.detail.reportField)")
            } else {
                try StandardOutput.line("valid    \(file.reportField)")
            }
        }
        if let violation {
            throw CommandFailure("", status: violation.isNotJSON ? .dataError : .policyViolation)
        }
    }

    /// The document, or nil when standard input holds more than --max-bytes (it is not read further).
    private func read() throws(CommandFailure) -> Data? {
        if file == "-" {
            do {
                return try StandardInput.readAll(limit: maxBytes, purpose: "the JSON document")
            } catch  where error.status == .dataError {
                return nil
            }
        }
        guard FileManager.default.fileExists(atPath: file) else {
            throw CommandFailure("\(file): no such file", status: .noInput)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        } catch {
            throw CommandFailure("\(file): cannot read: \(error.localizedDescription)", status: .ioError)
        }
    }
}
