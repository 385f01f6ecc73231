import Foundation
import Testing

/// What `rampart … --help` must look like on an 80-column terminal, and the walk over every command.
///
/// argument-parser wraps each line of a help string to the terminal's width, so a string that carries its
/// own line breaks comes out ragged ("With\n-v, the\nATS decision…"): strings hold one paragraph each, and
/// paragraphs are separated by a blank line.
enum HelpLayout {
    /// The columns help is checked at (`COLUMNS=80`).
    static let width = 80

    /// Every problem in `help`, one line each (`line N: …`).
    ///
    /// - A line longer than ``width`` columns.
    /// - A ragged wrap: a line that is not the last of its paragraph although the next line's first word
    ///   (and the space before it) would have fitted on it, so the break is a hard line break in the string,
    ///   not argument-parser's wrap. This includes the brief's shape "a line shorter than 40 columns whose next
    ///   line continues the same sentence in lower case": any word under 40 columns would have fitted.
    ///
    /// - In the overview and discussion (the lines before `USAGE:`), indented lines are examples, kept line by
    ///   line: an example directly next to a paragraph line is a problem (a missing blank line, or an example
    ///   too long for the width that argument-parser wrapped).
    ///
    /// Two lines are of one paragraph when the second starts at the column the first line's text starts at:
    /// column 0 in the overview and discussion, the description column (after a run of two or more spaces) of
    /// an entry of ARGUMENTS/OPTIONS/SUBCOMMANDS, or a continuation line's own indentation.
    static func problems(in help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        for (index, line) in lines.enumerated() where line.count > width {
            problems.append("line \(index + 1) has \(line.count) columns (at most \(width)): \(line)")
        }
        let usageLine = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.count
        for index in lines.indices.dropLast() {
            let line = lines[index]
            let next = lines[index + 1]
            guard !line.allSatisfy(\.isWhitespace), !next.allSatisfy(\.isWhitespace) else { continue }
            if index < usageLine, indentation(of: line) > 0 || indentation(of: next) > 0 {
                // Indented lines of the overview and discussion are examples, kept line by line; a paragraph
                // right after one (or before one) is an example that did not fit, or a missing blank line.
                if (indentation(of: line) > 0) != (indentation(of: next) > 0) {
                    problems.append(
                        "line \(index + 1): an example and a paragraph need a blank line between them "
                            + "(or the example is too long): '\(line)' / '\(next)'")
                }
                continue
            }
            guard indentation(of: next) == textColumn(of: line) else { continue }
            guard let word = next.split(separator: " ").first else { continue }
            if line.count + 1 + word.count < width {
                problems.append(
                    "line \(index + 1) is broken by hand ('\(word)' would have fitted after it): "
                        + "'\(line)' / '\(next)'")
            }
        }
        return problems
    }

    static func indentation(of line: String) -> Int { line.prefix(while: { $0 == " " }).count }

    /// The column a line's running text starts at: an entry line (indented by 2) has its description after a
    /// run of two or more spaces; any other line starts at its indentation.
    static func textColumn(of line: String) -> Int {
        let indent = indentation(of: line)
        guard indent == 2 else { return indent }
        let characters = Array(line)
        var column = indent
        while column < characters.count - 1 {
            if characters[column] == " ", characters[column + 1] == " " {
                var start = column
                while start < characters.count, characters[start] == " " { start += 1 }
                return start
            }
            column += 1
        }
        return indent
    }

    /// The subcommand names a help text lists under `SUBCOMMANDS:` (entries are indented by two spaces).
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":"), line.first?.isUppercase == true {
                inSection = line == "SUBCOMMANDS:"
                continue
            }
            if line.isEmpty { inSection = false }
            guard inSection, indentation(of: String(line)) == 2, let name = line.split(separator: " ").first,
                name.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" })
            else { continue }
            names.append(String(name))
        }
        return names
    }
}

@Suite("--help of every command reads well at 80 columns")
struct HelpLayoutTests {
    @Test("the checker flags hard line breaks and long lines, and passes argument-parser's own wrap")
    func checker() {
        let ragged = """
            The body goes to standard output (or -o FILE, written only when complete). With
            -v, the
            ATS decision, the TLS version and cipher, and every redirect go to stderr.
            """
        #expect(HelpLayout.problems(in: ragged).count == 1)
        let shortLowercase = "Exit codes: 2 usage, 65 bad data, 66 missing input,\n74 I/O, 77 not a recipient."
        #expect(HelpLayout.problems(in: shortLowercase).count == 1)
        let long = String(repeating: "word ", count: 17)
        #expect(HelpLayout.problems(in: long).count == 1)
        let wrapped = """
            The body goes to standard output (or -o FILE, written only when complete). With
            -v, the ATS decision, the TLS version and cipher, and every redirect go to
            standard error.

            Exit codes: 0 ok.

              rampart fetch https://example.com/
              rampart fetch -v https://example.com/

            USAGE: rampart fetch [<options>] <url>

            OPTIONS:
              --policy <policy>       An Info.plist (XML or binary) whose
                                      NSAppTransportSecurity policy applies.
              --os <os>               OS generation.
              --ca <ca>               A PEM or DER file.
            """
        #expect(HelpLayout.problems(in: wrapped).isEmpty)
        let exampleInParagraph = "Reads IN.\n  rampart e2e open -i bob.key msg.e2e\nExit codes: 2 usage."
        #expect(HelpLayout.problems(in: exampleInParagraph).count == 2)
        let listing = "SUBCOMMANDS:\n  ats        Decide\n             more\n  pin   Pins\n\n  See 'rampart help'"
        #expect(HelpLayout.subcommands(in: listing) == ["ats", "pin"])
    }

    @Test("every command and subcommand: exit 0, no line over 80 columns, no ragged wrap")
    func everyCommand() async throws {
        var queue: [[String]] = [[]]
        var visited = 0
        while !queue.isEmpty, visited < 200 {
            let command = queue.removeFirst()
            let result = try await RampartBinary.run(command + ["--help"], environment: ["COLUMNS": "80"])
            let name = (["rampart"] + command).joined(separator: " ")
            visited += 1
            #expect(result.exitCode == 0, "\(name) --help exited \(result.exitCode): \(result.standardErrorText)")
            #expect(!result.standardOutputText.isEmpty, "\(name) --help printed nothing")
            for problem in HelpLayout.problems(in: result.standardOutputText) {
                Issue.record("\(name) --help, \(problem)")
            }
            queue += HelpLayout.subcommands(in: result.standardOutputText).filter { $0 != "help" }.map {
                command + [$0]
            }
        }
        // ats, pin, e2e, vault, ct, validate and their subcommands, plus the root and its leaves.
        #expect(visited >= 30 && visited < 200, "\(visited) commands were reached from rampart --help")
    }
}
