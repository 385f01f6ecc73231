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
        try StandardOutput.json(value)
    }
}
