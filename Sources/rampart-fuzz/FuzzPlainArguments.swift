// Fuzzes the plain command-line reader (`PlainArguments`), which reads `fetch`, `encrypt` and
// `decrypt` without ArgumentParser: arguments are the input split at NUL bytes, each decoded as
// the process's own arguments are (`RawArguments.encode`). A command line it accepts holds only
// the plain forms, and its reading, written back as `--name value` pieces, reads the same again.
import Foundation
import RampartCommandLine

enum FuzzPlainArguments {
    static let target = FuzzTarget(
        name: "plain-arguments", maxLength: 512,
        summary: "PlainArguments: fetch/encrypt/decrypt command lines read without ArgumentParser", run: run)

    /// A table like the commands': flags, single values and repeatable values, short and long.
    static let options = [
        PlainArguments.Option(["-v", "--verbose"], .flag), PlainArguments.Option(["--force"], .flag),
        PlainArguments.Option(["-o", "--output"], .value), PlainArguments.Option(["--max-time"], .value),
        PlainArguments.Option(["-H", "--header"], .values), PlainArguments.Option(["--pin"], .values),
    ]

    static func run(_ data: Data) {
        let arguments = data.split(separator: 0, omittingEmptySubsequences: false).prefix(32).map {
            RawArguments.encode(Array($0))
        }
        guard let plain = PlainArguments(arguments, options, positionals: 0...2) else { return }
        let name = target.name
        FuzzCheck.require(arguments.allSatisfy { !RawArguments.holdsRawBytes($0) }, name, "raw bytes accepted")
        FuzzCheck.require(!arguments.contains("--") && !arguments.contains("-"), name, "-- or - accepted")
        FuzzCheck.require(
            plain.positionals == positionals(of: arguments), name,
            "positionals \(plain.positionals) are not the arguments that are neither options nor values")
        var again: [String] = plain.positionals
        for option in options {
            switch option.kind {
            case .flag:
                if plain.flag(option) { again.append(option.names[0]) }
            case .value:
                if let value = plain.value(option) { again += [option.names.last ?? "", value] }
            case .values:
                for value in plain.values(option) { again += [option.names.last ?? "", value] }
            }
            for value in plain.values(option) {
                FuzzCheck.require(!value.isEmpty && !value.hasPrefix("-"), name, "value '\(value)' accepted")
            }
            FuzzCheck.require(option.kind == .values || plain.values(option).count <= 1, name, "single value twice")
        }
        guard let reread = PlainArguments(again, options, positionals: 0...2) else {
            FuzzCheck.fail(name, "\(again), the reading written back, is refused")
        }
        for option in options {
            FuzzCheck.require(
                reread.values(option) == plain.values(option) && reread.flag(option) == plain.flag(option), name,
                "\(option.names) reads differently once written back")
        }
        FuzzCheck.require(reread.positionals == plain.positionals, name, "positionals differ once written back")
    }

    /// The arguments of an accepted command line that are neither names nor the value after a
    /// name that takes one (`-o FILE`).
    private static func positionals(of arguments: [String]) -> [String] {
        var found: [String] = []
        var valueNext = false
        for argument in arguments {
            if valueNext {
                valueNext = false
            } else if argument.hasPrefix("-") {
                valueNext = options.contains { $0.kind != .flag && $0.names.contains(argument) }
            } else {
                found.append(argument)
            }
        }
        return found
    }
}
