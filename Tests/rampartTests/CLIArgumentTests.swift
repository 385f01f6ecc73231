import Foundation
import RampartTestKit
import RampartTestSupport
import Testing

/// What the command line does with what a user types: numeric options bounded when parsed,
/// arguments that are not UTF-8, control characters in what is shown back, documented exit codes.
@Suite("rampart arguments and output")
struct CLIArgumentTests {
    /// A numeric option outside its documented range, with the option's name.
    struct OutOfRange: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var option: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let outOfRange: [OutOfRange] = [
        OutOfRange(arguments: ["validate", "json", "--max-depth", "1000", "-"], option: "--max-depth"),
        OutOfRange(arguments: ["validate", "json", "--max-depth", "0", "-"], option: "--max-depth"),
        OutOfRange(arguments: ["validate", "json", "--max-bytes", "99999999999999", "-"], option: "--max-bytes"),
        OutOfRange(
            arguments: ["validate", "json", "--max-number-characters", "9223372036854775807", "-"],
            option: "--max-number-characters"),
        OutOfRange(arguments: ["validate", "image", "--max-pixels", "0", "x.png"], option: "--max-pixels"),
        OutOfRange(
            arguments: ["validate", "image", "--max-bytes", "9223372036854775807", "x.png"], option: "--max-bytes"),
        OutOfRange(
            arguments: ["pin", "verify", "--pins", "p.json", "--warn-days", "9223372036854775807"],
            option: "--warn-days"),
        OutOfRange(arguments: ["pin", "verify", "--pins", "p.json", "--timeout", "1e300"], option: "--timeout"),
        OutOfRange(arguments: ["pin", "show", "--timeout", "inf", "example.com:443"], option: "--timeout"),
        OutOfRange(
            arguments: ["fetch", "--max-redirects", "9223372036854775807", "https://a.example/"],
            option: "--max-redirects"),
        OutOfRange(
            arguments: ["fetch", "--max-bytes", "9223372036854775807", "https://a.example/"], option: "--max-bytes"),
        OutOfRange(arguments: ["fetch", "--max-time", "nan", "https://a.example/"], option: "--max-time"),
        OutOfRange(arguments: ["ats", "diagnose", "--timeout", "1e300", "https://a.example/"], option: "--timeout"),
        OutOfRange(
            arguments: ["encrypt", "--work-factor", "64", "--passphrase-env", "X", "-a"], option: "--work-factor"),
    ]

    @Test(
        "numeric options outside their range are usage errors (2) naming the option, before any work",
        arguments: outOfRange)
    func numericOptionsAreBounded(_ example: OutOfRange) async throws {
        let result = try await RampartBinary.run(example.arguments)
        #expect(result.exitCode == 2, "\(result.standardErrorText)")
        #expect(result.standardErrorText.contains(example.option), "\(result.standardErrorText)")
        #expect(!result.standardErrorText.contains("Fatal error"))
    }

    @Test("--max-depth 512, the JSON parser's own limit, is honoured: a 512-deep document is valid, 513 is too deep")
    func deepestJSON() async throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let valid = try await RampartBinary.run(
            ["validate", "json", "--max-depth", "512", "-"], input: Data(deepest.utf8))
        #expect(valid.exitCode == 0, "\(valid.standardOutputText)")
        let deeper = "[" + deepest + "]"
        let tooDeep = try await RampartBinary.run(
            ["validate", "json", "--max-depth", "512", "-"], input: Data(deeper.utf8))
        #expect(tooDeep.exitCode == 1, "\(tooDeep.standardOutputText)")
        #expect(tooDeep.standardOutputText.contains("tooDeep"))
    }

    @Test("a -r recipient that does not parse is bad data (65), as --help says, like a bad -R file")
    func badRecipient() async throws {
        for recipient in ["age1pq1qqqq", "age1qqqq", "not-a-recipient"] {
            let result = try await RampartBinary.run(["encrypt", "-a", "-r", recipient], input: Data("x".utf8))
            #expect(result.exitCode == 65, "\(recipient): \(result.standardErrorText)")
            #expect(result.standardErrorText.contains("not an age recipient"))
            #expect(result.standardOutput.isEmpty)
        }
        let help = try await RampartBinary.run(["encrypt", "--help"])
        #expect(help.standardOutputText.contains("65 bad key, recipient"))
    }

    @Test("root --help documents every exit code, 22 (fetch's HTTP failure) included")
    func rootHelpExitCodes() async throws {
        let help = try await RampartBinary.run(["--help"])
        #expect(help.exitCode == 0)
        // ArgumentParser wraps the discussion to the terminal's width.
        let text = help.standardOutputText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in [
            "0 ok", "2 usage", "22 HTTP failure", "65 bad data", "66 missing input", "74 I/O", "77 authentication",
        ] {
            #expect(text.contains(code), "\(code)")
        }
    }

    // MARK: - Arguments that are not UTF-8

    /// Runs `script` with bash in `folder`, `$R` being the `rampart` binary: `$'\xff'` passes a byte
    /// that is not UTF-8, which a Swift `String` argument cannot.
    static func bash(_ script: String, in folder: ScratchFolder, input: Data = Data()) async throws
        -> PeerProcess.Result
    {
        try await PeerProcess.runAsync(
            "/bin/bash", ["-c", "cd \"$1\" && R=\"$0\" && " + script, RampartBinary.url.path, folder.url.path],
            input: input)
    }

    /// A small PNG (Pillow's, from RampartValidation's fixtures).
    static var png: Data {
        get throws {
            try Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("RampartValidationTests/Fixtures/pillow/rgb.png"))
        }
    }

    @Test("a value argument that is not UTF-8 is refused (65) naming it, as the same bytes on standard input are")
    func valuesThatAreNotUTF8() async throws {
        let folder = try ScratchFolder("rampart-arguments")
        let email = try await Self.bash(#"exec "$R" validate email $'a\xff@example.com'"#, in: folder)
        #expect(email.exitCode == 65, "\(email.standardOutputText)")
        #expect(email.standardOutput.isEmpty)
        #expect(email.standardErrorText.contains("addresses is not valid UTF-8 (byte 0xFF at offset 1)"))
        #expect(email.standardErrorText.contains("argument 3"), "\(email.standardErrorText)")
        // The value is not echoed (it could be a secret given on the line).
        #expect(!email.standardErrorText.contains("example.com"), "\(email.standardErrorText)")
        let stdin = try await Self.bash(#"printf 'a\377@example.com\n' | "$R" validate email -"#, in: folder)
        #expect(stdin.exitCode == 65)
        // U+FFFD given as UTF-8 is text: it goes to the validator, unlike the byte it would stand for.
        let replacement = try await RampartBinary.run(["validate", "email", "a\u{FFFD}@example.com"])
        #expect(replacement.exitCode == 0 || replacement.exitCode == 1, "\(replacement.standardErrorText)")
        // --option=value, and a value of a type that is not a string (a URL), before any connection.
        let recipient = try await Self.bash(#"exec "$R" encrypt -a --recipient=$'age1\xfe' </dev/null"#, in: folder)
        #expect(recipient.exitCode == 65, "\(recipient.standardErrorText)")
        #expect(recipient.standardErrorText.contains("not valid UTF-8 (byte 0xFE at offset 4)"))
        // A value ArgumentParser itself refuses (not a number, not a format) is still bad data.
        for script in [
            #"exec "$R" validate json --max-depth=$'1\xff' -"#, #"exec "$R" validate json --format $'\xff' -"#,
        ] {
            let parsed = try await Self.bash(script, in: folder)
            #expect(parsed.exitCode == 65, "\(script): \(parsed.standardErrorText)")
            #expect(parsed.standardErrorText.contains(#"\xff"#))
        }
        let url = try await Self.bash(#"exec "$R" fetch $'https://a.example/\xff'"#, in: folder)
        #expect(url.exitCode == 65, "\(url.standardErrorText)")
    }

    @Test("a file whose name is not UTF-8 is opened by its bytes, read and written; its name is shown as given")
    func pathsThatAreNotUTF8() async throws {
        let folder = try ScratchFolder("rampart-arguments")
        try folder.write("image.png", try Self.png)
        try folder.write("pw", "correct horse\n")
        try folder.write("plain", "secret text")
        let setUp = try await Self.bash(
            #"mv image.png $'img\xff.png' && mkdir $'dir\xfe' && cp pw $'pw\xff'"#, in: folder)
        #expect(setUp.exitCode == 0, "\(setUp.standardErrorText)")

        let image = try await Self.bash(#"exec "$R" validate image $'img\xff.png'"#, in: folder)
        #expect(image.exitCode == 0, "\(image.standardOutputText) \(image.standardErrorText)")
        #expect(image.standardOutputText.contains(#"img\xff.png: png 64×48"#), "\(image.standardOutputText)")
        let json = try await Self.bash(#"exec "$R" validate image --format json $'img\xff.png'"#, in: folder)
        #expect(json.standardOutputText.contains("\"img\u{FFFD}.png\""), "\(json.standardOutputText)")

        // Written into a folder whose name is not UTF-8, with a passphrase file given as --option=value.
        let sealed = try await Self.bash(
            #"exec "$R" encrypt --passphrase-file=$'pw\xff' --work-factor 10 -o $'dir\xfe/sealed.age' plain"#,
            in: folder)
        #expect(sealed.exitCode == 0, "\(sealed.standardErrorText)")
        let opened = try await Self.bash(
            #"mv $'dir\xfe/sealed.age' $'sealed\xff.age' && exec "$R" decrypt --passphrase-file pw $'sealed\xff.age'"#,
            in: folder)
        #expect(opened.exitCode == 0, "\(opened.standardErrorText)")
        #expect(opened.standardOutputText == "secret text")

        // A missing file is named as given; a new file whose own name is not UTF-8 cannot be created.
        let missing = try await Self.bash(#"exec "$R" validate json $'gone\xff.json'"#, in: folder)
        #expect(missing.exitCode == 66)
        #expect(missing.standardErrorText.contains(#"gone\xff.json: no such file"#), "\(missing.standardErrorText)")
        let body = try await Self.bash(#"exec "$R" fetch -d @$'gone\xff' https://127.0.0.1:9/"#, in: folder)
        #expect(body.exitCode == 66, "\(body.standardErrorText)")
        #expect(body.standardErrorText.contains(#"gone\xff"#))
        let uncreatable = try await Self.bash(
            #"exec "$R" encrypt --passphrase-file pw --work-factor 10 -o $'new\xff.age' plain"#, in: folder)
        #expect(uncreatable.exitCode == 73)
        #expect(uncreatable.standardErrorText.contains(#"cannot create new\xff.age: its name is not UTF-8"#))
        let vault = try await Self.bash(
            #"exec "$R" vault --path $'v\xff.sqlite' --passphrase-file pw init --work-factor 15"#, in: folder)
        #expect(vault.exitCode == 73, "\(vault.standardErrorText)")
        #expect(vault.standardErrorText.contains(#"cannot create v\xff.sqlite: its name is not UTF-8"#))
        let listed = try await Self.bash("ls -b", in: folder)
        #expect(!listed.standardOutputText.contains("new"), "\(listed.standardOutputText)")
        #expect(!listed.standardOutputText.contains("sqlite"), "\(listed.standardOutputText)")
    }

    // MARK: - Terminal injection

    /// A newline, an escape sequence and a C1 control (CSI, U+009B).
    static let hostile = "evil\n\u{1B}[31mred\u{9B}2J"

    /// Whether `text` holds a control character a terminal would act on.
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" }
    }

    @Test("validate email shows an argument's control characters escaped; JSON keeps it exact")
    func argumentInReport() async throws {
        let address = Self.hostile + "@example.com"
        let text = try await RampartBinary.run(["validate", "email", address])
        #expect(text.exitCode == 1)
        #expect(!Self.holdsControls(text.standardOutputText))
        #expect(
            text.standardOutputText.contains(#"evil\n\x1b[31mred\u{009b}2J@example.com"#), "\(text.standardOutputText)")
        #expect(text.standardOutputText.split(separator: "\n").count == 1)
        let json = try await RampartBinary.run(["validate", "email", "--format", "json", address])
        let results = try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]]
        #expect(results?.first?["address"] as? String == address)
    }

    @Test("usage errors quote a bad value escaped (ArgumentParser's messages too)")
    func usageErrorQuotesEscaped() async throws {
        for arguments in [
            ["validate", "json", "--format", Self.hostile, "-"],
            ["validate", "json", "--max-depth", Self.hostile, "-"],
            ["validate", "email", "--rfc=" + Self.hostile, "a@example.com"],
        ] {
            let result = try await RampartBinary.run(arguments)
            #expect(result.exitCode == 2)
            #expect(!Self.holdsControls(result.standardErrorText), "\(result.standardErrorText.debugDescription)")
            #expect(result.standardErrorText.contains(#"evil\n\x1b[31mred\u{009b}2J"#), "\(result.standardErrorText)")
        }
    }

    @Test("a file name in a message is escaped")
    func fileNameInMessage() async throws {
        let folder = try ScratchFolder("rampart-arguments")
        let result = try await RampartBinary.run(["validate", "json", folder.path(Self.hostile + ".json")])
        #expect(result.exitCode == 66)
        #expect(!Self.holdsControls(result.standardErrorText))
        #expect(result.standardErrorText.contains(#"evil\n\x1b[31mred\u{009b}2J.json: no such file"#))
        #expect(result.standardErrorText.split(separator: "\n").count == 1)
    }

    @Test("pin verify shows a policy's domain with its control characters escaped")
    func pinVerifyDomain() async throws {
        let folder = try ScratchFolder("rampart-arguments")
        let domain = Self.hostile + ".example"
        let pins = [
            "sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
            "sha256/YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",
        ]
        let trustKit: [String: Any] = ["TSKPinnedDomains": [domain: ["TSKPublicKeyHashes": pins]]]
        try folder.write("trustkit.json", try JSONSerialization.data(withJSONObject: trustKit))
        let port = try await LabScriptedPeer.with(.closeAtOnce) { $0 }
        let result = try await RampartBinary.run([
            "pin", "verify", "--pins", folder.path("trustkit.json"), "--connect", "\(domain)=127.0.0.1:\(port)",
        ])
        let everything = result.standardOutputText + result.standardErrorText
        #expect(result.exitCode != 0)
        #expect(!Self.holdsControls(everything), "\(everything.debugDescription)")
        #expect(everything.contains(#"\x1b[31m"#), "\(everything)")
    }

    @Test("ats audit shows a policy's keys escaped in text; JSON keeps them exact")
    func auditKeys() async throws {
        let folder = try ScratchFolder("rampart-arguments")
        let key = Self.hostile + ".example"
        let policy: [String: Any] = [
            "NSAppTransportSecurity": ["NSExceptionDomains": [key: ["NSExceptionAllowsInsecureHTTPLoads": true]]]
        ]
        try folder.write("ats.json", try JSONSerialization.data(withJSONObject: policy))
        let text = try await RampartBinary.run(["ats", "audit", "--fail-on", "high", folder.path("ats.json")])
        #expect(text.exitCode == 0, "\(text.standardErrorText)")
        #expect(!Self.holdsControls(text.standardOutputText), "\(text.standardOutputText.debugDescription)")
        #expect(text.standardOutputText.contains(#"NSExceptionDomains.evil\n\x1b[31mred\u{009b}2J.example"#))
        let json = try await RampartBinary.run([
            "ats", "audit", "--fail-on", "high", "--format", "json", folder.path("ats.json"),
        ])
        let reports = try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]]
        let findings = reports?.first?["findings"] as? [[String: Any]]
        #expect(findings?.contains { ($0["keyPath"] as? String)?.hasSuffix(key) == true } == true)
    }
}
