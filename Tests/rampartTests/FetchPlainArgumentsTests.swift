import Foundation
import RampartCommandLine
import Testing

@testable import rampart

/// `rampart fetch`'s plain reading (``FetchInvocation/init(plain:)``), which skips ArgumentParser's
/// start-up cost, held to ArgumentParser's parse of the same command line: every option it takes
/// gives the same values, and every command line it is not sure of is left to ArgumentParser.
@Suite("fetch's plain reading agrees with ArgumentParser")
struct FetchPlainArgumentsTests {
    static let url = "https://example.com/path?q=1"

    /// A value for each option, and the options its checks need beside it.
    static let samples: [String: (value: String, companions: [String])] = [
        "--policy": ("Info.plist", []), "--os": ("ios18.4", []), "--pin": ("sha256/AAAA", []),
        "--ca": ("root.pem", []), "-X": ("PUT", []), "--request": ("DELETE", []), "-H": ("X-A: 1", []),
        "--header": ("@headers.txt", []), "-d": ("a=b&c=d", []), "--data": ("@-", []),
        "--max-upload-bytes": ("1099511627776", []), "-o": ("page.html", []), "--output": ("out/page", []),
        "--max-bytes": ("0", []), "--max-redirects": ("50", []), "--max-time": ("2.5", []),
        "--connect-timeout": ("1000000", []), "--proxy": ("http://proxy.example:3128", []),
        "--proxy-credentials-file": ("credentials", []), "--ct-log-list": ("log_list.json", []),
        "--ct-policy": ("chrome", []), "--format": ("json", ["-o", "body"]), "--cert": ("client.pem", []),
        "--key": ("client.key", ["--cert", "client.pem"]),
        "--key-from-vault": ("client-tag", ["--cert", "client.pem"]),
        "--vault": ("vault.db", ["--cert", "client.pem", "--key-from-vault", "t"]),
        "--vault-passphrase-file": ("passphrase", ["--cert", "client.pem", "--key-from-vault", "t"]),
    ]

    /// What each flag needs beside it.
    static let flagCompanions: [String: [String]] = ["--ca-only": ["--ca", "root.pem"]]

    /// ArgumentParser's reading of `arguments`, as the command would run it.
    static func parsed(_ arguments: [String]) throws -> FetchInvocation {
        try FetchCommand.parse(arguments).invocation
    }

    @Test("every option and flag ArgumentParser declares for fetch, in every spelling, reads the same")
    func everyOption() async throws {
        let declared = try await DeclaredSpellings.of("fetch")
        #expect(Set(FetchInvocation.plainSpellings) == Set(declared.options + declared.flags))
        let plainDefault = try #require(FetchInvocation(plain: [Self.url]))
        #expect(plainDefault == (try Self.parsed([Self.url])))
        for name in declared.options {
            let sample = try #require(Self.samples[name], "a sample value for \(name)")
            var forms = [[name, sample.value]]
            if name.hasPrefix("--") { forms.append(["\(name)=\(sample.value)"]) }
            for form in forms {
                let arguments = [Self.url] + form + sample.companions
                let plain = try #require(FetchInvocation(plain: arguments), "\(arguments)")
                #expect(plain == (try Self.parsed(arguments)), "\(arguments)")
                #expect(plain != plainDefault, "\(arguments) changed nothing")
            }
        }
        for name in declared.flags {
            let arguments = [Self.url, name] + (Self.flagCompanions[name] ?? [])
            let plain = try #require(FetchInvocation(plain: arguments), "\(arguments)")
            #expect(plain == (try Self.parsed(arguments)), "\(arguments)")
            #expect(plain != plainDefault, "\(arguments) changed nothing")
        }
    }

    @Test(
        "command lines with many options, repeated lists and the URL anywhere read the same",
        arguments: [
            [
                url, "--policy", "Info.plist", "--os=ios9", "--pin", "sha256/AAAA", "--pin=sha256/BBBB", "--ca",
                "root.pem", "--ca-only", "-X", "PATCH", "-H", "A: 1", "--header", "B: 2", "-H", "@h.txt", "-d",
                "@body.json", "--max-upload-bytes", "10", "-o", "out", "--force", "--max-bytes=100",
                "--max-redirects", "0", "--max-time", "2.5", "--connect-timeout=0.5", "--proxy",
                "http://p.example:8080", "--proxy-credentials-file", "cred", "--fail", "--http2", "--compressed",
                "-L", "-i", "-v", "--ct-log-list", "a.json", "--ct-log-list=b.json", "--ct-policy", "apple",
                "--format", "text", "--cert", "c.pem", "--key", "k.pem",
            ],
            ["-I", "--http1.1", "http://localhost:8080/x", "--location", "--include", "--verbose"],
            ["--head", "--format", "json", url],
            ["-v", "--output=page", url, "--format=json"],
            [
                "--cert", "c.pem", "--key-from-vault", "tag", "--vault", "v.db", "--vault-passphrase-file", "p.txt",
                url,
            ],
            ["fetch-this-is-not-a-url"],
            ["help"],
        ])
    func combined(_ arguments: [String]) throws {
        let plain = try #require(FetchInvocation(plain: arguments), "\(arguments)")
        #expect(plain == (try Self.parsed(arguments)))
    }

    @Test(
        "command lines the plain reading is not sure of are left to ArgumentParser",
        arguments: [
            [],  // no URL
            [url, url],  // two
            [url, "--help"], [url, "-h"], [url, "--version"], ["--", url], [url, "--nope"],
            [url, "-vL"],  // grouped short flags
            [url, "-ofile"],  // a value attached to a short name
            [url, "-o"],  // no value
            [url, "-o", "-"],  // a value that starts with "-"
            [url, "--output="],  // an empty value
            [url, "--verbose=yes"],  // a flag given a value
            [url, "--ca", "a.pem", "--ca", "b.pem"],  // a single value given twice
            [url, "-o", "a", "--output", "b"],  // by both spellings
            [url, "-v", "--verbose"],
            [url, "--os", "ios99"],  // not a value of the type
            [url, "--max-redirects", "51"],  // outside the range
            [url, "--max-time", "0"],  // refused by validate()
            [url, "--ca-only"],
            [url, "-I", "-d", "x"],
            [url, "--key", "k.pem"],
            ["https://example.com:70000/"],  // refused before any connection
            [url, "-o", "caf\u{10FEE9}"],  // bytes that are not UTF-8
        ])
    func declined(_ arguments: [String]) {
        #expect(FetchInvocation(plain: arguments) == nil, "\(arguments)")
    }

    @Test("a value that starts with '-' or repeats a single option is still ArgumentParser's to judge")
    func declinedButValid() throws {
        // ArgumentParser accepts these; the plain reading leaves them to it rather than guess.
        for arguments in [[Self.url, "-o", "-"], [Self.url, "-vL"]] {
            #expect(FetchInvocation(plain: arguments) == nil)
            _ = try Self.parsed(arguments)
        }
    }
}
