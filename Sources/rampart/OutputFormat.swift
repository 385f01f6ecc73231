import ArgumentParser
import Foundation

/// The `--format` every subcommand accepts.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}

/// `--format text|json`, shared by all subcommands.
struct FormatOptions: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    /// Prints `value` as pretty, key-sorted JSON on standard output.
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try StandardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}
