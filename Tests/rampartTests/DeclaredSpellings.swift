import Foundation
import Testing

/// A subcommand's option and flag names as ArgumentParser declares them, for the tests that hold
/// the plain readings (``PlainArguments``) to ArgumentParser.
enum DeclaredSpellings {
    /// The spellings of `subcommand`'s options and flags as ArgumentParser declares them (from the
    /// binary's `--experimental-dump-help`), without `--help` and `--version`.
    static func of(_ subcommand: String) async throws -> (options: [String], flags: [String]) {
        let result = try await RampartBinary.run(["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let command = try #require(tool["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let found = try #require(subcommands.first { $0["commandName"] as? String == subcommand })
        var options: [String] = []
        var flags: [String] = []
        for argument in try #require(found["arguments"] as? [[String: Any]]) {
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String, let kind = name["kind"] as? String else { return nil }
                return (kind == "long" ? "--" : "-") + text
            }
            guard !names.contains("--help"), !names.contains("--version") else { continue }
            switch argument["kind"] as? String {
            case "option": options += names
            case "flag": flags += names
            default: continue
            }
        }
        return (options, flags)
    }
}
