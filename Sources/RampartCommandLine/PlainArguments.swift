/// A subcommand's arguments read without ArgumentParser, for the commands whose start-up counts
/// (`rampart fetch`, `encrypt` and `decrypt`).
///
/// ArgumentParser learns a command's options by reflection, and in a static binary each type it
/// reflects on costs the Swift runtime a scan of every protocol-conformance record: about half of
/// a small `fetch`'s wall time. This reader takes only the unambiguous forms and gives up
/// (`nil`) on everything else, so that ArgumentParser, the one home of usage, help and usage
/// errors, parses those command lines instead:
///
/// - `--name value`, `--name=value` and `-n value` for an option;
/// - `--name` and `-n` for a flag;
/// - an argument that does not start with `-` is a positional one.
///
/// It gives up on an unknown name, `--`, grouped short flags (`-vL`), a value attached to a short
/// name (`-ofile`), a value that starts with `-` or is empty, a flag given a value, an option or
/// flag given twice unless it is ``Option/Kind/values``, any argument holding bytes that are not
/// UTF-8 (``RawArguments``), and more or fewer positional arguments than asked for (`-`, standard
/// input for some commands, among them). A command's reading from it is tested against
/// ArgumentParser's on every option.
///
/// ```swift
/// let output = PlainArguments.Option(["-o", "--output"], .value)
/// let verbose = PlainArguments.Option(["-v", "--verbose"], .flag)
/// guard let plain = PlainArguments(["https://example.com/", "-o", "page.html"], [output, verbose], positionals: 1...1)
/// else { return nil }  // ArgumentParser parses it
/// plain.value(output)  // "page.html"
/// ```
package struct PlainArguments: Sendable {
    /// One option or flag, by every spelling ArgumentParser accepts for it.
    package struct Option: Sendable, Equatable {
        /// What follows the option's name.
        package enum Kind: Sendable, Equatable {
            /// Nothing: given or not.
            case flag
            /// One value, given at most once.
            case value
            /// A value, given any number of times.
            case values
        }

        /// The spellings as typed: `--output`, `-o`.
        package let names: [String]
        package let kind: Kind

        package init(_ names: [String], _ kind: Kind) {
            self.names = names
            self.kind = kind
        }
    }

    /// The positional arguments, in order.
    package let positionals: [String]
    /// Each option given and its value, in command-line order;
    /// a flag's value is empty. A plain list: a command line is short, and hashing costs more.
    private let given: [(option: Option, value: String)]

    /// Reads `arguments` (those after the subcommand's name) for `options`, or `nil` when they
    /// are not all in the plain forms above.
    package init?(_ arguments: [String], _ options: [Option], positionals count: ClosedRange<Int>) {
        guard !arguments.contains(where: RawArguments.holdsRawBytes) else { return nil }
        var positionals: [String] = []
        var given: [(option: Option, value: String)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            var name = Substring(argument)
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains { $0 == name } }) else { return nil }
            // ArgumentParser, not this reader, answers a repeated name (the last wins, or an error).
            guard option.kind == .values || !given.contains(where: { $0.option == option }) else { return nil }
            guard option.kind != .flag else {
                guard value == nil else { return nil }
                given.append((option, ""))
                continue
            }
            if value == nil {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            given.append((option, value))
        }
        guard count.contains(positionals.count) else { return nil }
        self.positionals = positionals
        self.given = given
    }

    /// Whether `flag` was given.
    package func flag(_ flag: Option) -> Bool {
        given.contains { $0.option == flag }
    }

    /// The value given to `option`; `nil` when it was not given (or is a flag).
    package func value(_ option: Option) -> String? {
        values(option).last
    }

    /// Every value given to `option`, in command-line order (none for a flag).
    package func values(_ option: Option) -> [String] {
        guard option.kind != .flag else { return [] }
        return given.filter { $0.option == option }.map(\.value)
    }
}
