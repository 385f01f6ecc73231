// The last-line-of-defence escapers checked by the programs that read their output, on a few
// hundred generated hostile strings: SQL literals run through SQLite (GRDB), shell words through
// dash and bash, HTML through Python's html.parser.

import Foundation
import GRDB
import RampartTestSupport
import RampartValidation
import Testing

@Suite("Sanitizers: hostile inputs read back by SQLite, the shell and an HTML parser")
struct SanitizerHostileInputTests {
    /// Pieces attackers use against each language, and text that breaks naive escapers.
    static let pieces: [String] = [
        "'", "''", "\"", "\\", "\\'", "\\\\", "\n", "\r\n", "\r", "\t", " ", "`id`", "$(id)", "${HOME}", "$HOME", "$1",
        "$@", "*", "?", "[a]", "~", "-", "--", "-rf", ";", "&&", "|", "&", "!", "#", "%s", "%n", "<", ">", "</p>",
        "<script>", "&amp;", "&#39;", "&lt", "=", "');", "'); DROP TABLE t; --", "' OR '1'='1", "/*", "*/", "%",
        "é", "e\u{301}", "😀", "\u{202E}", "\u{2028}", "\u{85}", "\u{7F}", "\u{1}", "\u{1B}[31m", "\u{FEFF}", "ß",
        "用户", "K\u{212A}", "a", "Z", "0",
    ]

    /// Deterministic strings of 0 to 8 pieces (SplitMix64), plus each piece alone and a leading dash.
    static let inputs: [String] = {
        var random = SplitMix64(seed: 0x5EED_0026)
        func next() -> UInt64 { random.next() }
        var result = [""] + pieces + pieces.map { "-" + $0 }
        for _ in 0..<300 {
            let count = Int(next() % 9)
            result.append((0..<count).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined())
        }
        return result
    }()

    @Test("SQL: SELECT <literal> returns exactly the input; the statement stays one statement")
    func sqlThroughSQLite() throws {
        #expect(Self.inputs.count > 400)
        let database = try DatabaseQueue()
        try database.write { db in
            try db.execute(sql: "CREATE TABLE t (x TEXT)")
            try db.execute(sql: "INSERT INTO t VALUES ('kept')")
            for input in Self.inputs {
                let literal = try SQLStringLiteral.quote(input)
                // fetchOne refuses a second statement, so a literal that ended early would fail here.
                let back = try String.fetchOne(db, sql: "SELECT " + literal)
                #expect(back.map { Array($0.utf8) } == Array(input.utf8), "\(literal)")
                let compared = try Bool.fetchOne(db, sql: "SELECT \(literal) = ?", arguments: [input])
                #expect(compared == true, "\(literal)")
            }
            #expect(try String.fetchAll(db, sql: "SELECT x FROM t") == ["kept"])
        }
        #expect(throws: SQLStringLiteral.Refusal.nulCharacter) { try SQLStringLiteral.quote("a\0b") }
        #expect(throws: SQLStringLiteral.Refusal.nulCharacter) { try SQLStringLiteral.quote("'\0'); DROP TABLE t; --") }
    }

    /// The shells on this machine: dash (Debian's /bin/sh) and bash, which also reads `$'…'`.
    static let shells = ["/bin/sh", "/bin/dash", "/bin/bash"].filter {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("shell: each quoted word comes back byte for byte as one argument, unexpanded", arguments: shells)
    func shellWords(_ shell: String) async throws {
        let words = try Self.inputs.map { try ShellArgument.quote($0) }
        // One script for all: printf writes each argument followed by a NUL, so word splitting,
        // globbing or an expansion would change the list.
        let script = "printf '%s\\0' " + words.joined(separator: " ")
        let output = try await Self.run(shell, ["-c", script])
        #expect(output.status == 0, "\(shell): \(String(decoding: output.error, as: UTF8.self))")
        var parts = output.data.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        #expect(parts.last == [])
        parts.removeLast()
        #expect(parts.count == Self.inputs.count)
        for (part, input) in zip(parts, Self.inputs) {
            #expect(part == Array(input.utf8), "\(shell): \(input.debugDescription)")
        }
        // As the issue tells it: printf %s <quoted>, one process per word, for the sharpest inputs.
        for input in ["$(touch /tmp/rampart-pwned)", "`id`", "-n", "*", "a'b", "'\n'", "--help", "\\"] {
            let alone = try await Self.run(shell, ["-c", "printf %s " + (try ShellArgument.quote(input))])
            #expect(alone.data == Data(input.utf8), "\(shell): \(input.debugDescription)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/rampart-pwned"))
        #expect(throws: ShellArgument.Refusal.nulCharacter) { try ShellArgument.quote("a\0b") }
    }

    /// The five characters that mean markup, and the entities the escaper writes for them.
    static let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]

    @Test("HTML: no markup character survives, every & starts one of the five entities, and unescaping round-trips")
    func htmlLeavesNoMarkup() {
        for input in Self.inputs {
            for (escaped, original) in [
                (HTMLEscaping.text(input), input),
                (HTMLEscaping.attribute(input), input.replacingOccurrences(of: "\0", with: "")),
            ] {
                #expect(!escaped.contains { "<>\"'".contains($0) }, "\(escaped.debugDescription)")
                var unescaped = ""
                var rest = Substring(escaped)
                while let amp = rest.firstIndex(of: "&") {
                    unescaped += rest[..<amp]
                    let entity = Self.entities.keys.first { rest[amp...].hasPrefix($0) }
                    #expect(entity != nil, "a bare & in \(escaped.debugDescription)")
                    guard let entity else { break }
                    unescaped += Self.entities[entity] ?? ""
                    rest = rest[amp...].dropFirst(entity.count)
                }
                unescaped += rest
                #expect(Array(unescaped.utf8) == Array(original.utf8))
            }
        }
    }

    @Test(
        "HTML: Python's html.parser reads one <p> whose title and text are exactly the inputs",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func htmlThroughPythonsParser() async throws {
        let reader = #"""
            import json, sys
            from html.parser import HTMLParser
            class Reader(HTMLParser):
                def __init__(self):
                    super().__init__(convert_charrefs=True); self.tags = []; self.text = ""
                def handle_starttag(self, tag, attrs): self.tags.append([tag, attrs])
                def handle_startendtag(self, tag, attrs): self.tags.append([tag, attrs])
                def handle_endtag(self, tag): self.tags.append(["/" + tag, []])
                def handle_data(self, data): self.text += data
                def handle_comment(self, data): self.tags.append(["!--", []])
                def handle_decl(self, decl): self.tags.append(["!", []])
                def handle_pi(self, data): self.tags.append(["?", []])
            out = []
            for page in json.load(sys.stdin):
                r = Reader(); r.feed(page); r.close(); out.append({"tags": r.tags, "text": r.text})
            json.dump(out, sys.stdout)
            """#
        let pages = Self.inputs.map {
            "<p title=\"\(HTMLEscaping.attribute($0))\" class='\(HTMLEscaping.attribute($0))'>\(HTMLEscaping.text($0))</p>"
        }
        let output = try await Self.run("/usr/bin/python3", ["-c", reader], input: try JSONEncoder().encode(pages))
        #expect(output.status == 0, "\(String(decoding: output.error, as: UTF8.self))")
        struct Read: Decodable {
            let tags: [[Tag]]
            let text: String
        }
        enum Tag: Decodable, Equatable {
            case name(String)
            case attributes([[String?]])
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let name = try? container.decode(String.self) {
                    self = .name(name)
                } else {
                    self = .attributes(try container.decode([[String?]].self))
                }
            }
        }
        let reads = try JSONDecoder().decode([Read].self, from: output.data)
        #expect(reads.count == Self.inputs.count)
        for (read, input) in zip(reads, Self.inputs) {
            let attribute = input.replacingOccurrences(of: "\0", with: "")
            let expected: [[Tag]] = [
                [.name("p"), .attributes([["title", attribute], ["class", attribute]])],
                [.name("/p"), .attributes([])],
            ]
            // html.parser turns CR LF and lone CR into LF in text, as browsers do.
            let text = input.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            #expect(read.tags == expected, "\(input.debugDescription)")
            #expect(
                Array(read.text.utf8) == Array(input.utf8) || Array(read.text.utf8) == Array(text.utf8),
                "\(input.debugDescription) → \(read.text.debugDescription)")
        }
    }

    /// Runs a program to its end with `input` on standard input (polling, never holding a thread).
    static func run(_ tool: String, _ arguments: [String], input: Data = Data()) async throws -> (
        status: Int32, data: Data, error: Data
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rampart-sanitizers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (inURL, outURL, errURL) = (
            folder.appendingPathComponent("in"), folder.appendingPathComponent("out"),
            folder.appendingPathComponent("err")
        )
        try input.write(to: inURL)
        try #require(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        try #require(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        return (process.terminationStatus, try Data(contentsOf: outURL), try Data(contentsOf: errURL))
    }
}
