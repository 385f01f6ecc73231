import Foundation
import RampartIO
import RampartSeal
import RampartTestSupport
import Testing

/// `KeyFile`, the one reader of one-line key files, and age identity and recipient files read
/// through it: age's rules (comments, blank lines, 16 MiB, UTF-8 key lines) and `FILE:LINE:` errors.
@Suite("key files")
struct KeyFileTests {
    private func detail(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            guard case .malformed(let context)? = error as? SealError, context.stage == .keyFile else {
                return "\(error)"
            }
            return context.detail
        }
    }

    @Test("comments, blank lines, CRLF and surrounding white space are skipped; line numbers count them")
    func lines() throws {
        let text = "# created: now\r\n\r\n   \n  AGE-SECRET-KEY-1ABC  \r\n#AGE-SECRET-KEY-1OLD\n\tage1xyz\n"
        let file = try KeyFile(bytes: Data(text.utf8), name: "keys.txt")
        #expect(
            file.lines == [
                KeyFileLine(number: 4, text: "AGE-SECRET-KEY-1ABC"), KeyFileLine(number: 6, text: "age1xyz"),
            ])
        #expect(file.lines[0].hasPrefix("age-secret-key-1"))
    }

    /// Found by fuzzing (`Fuzz/Regressions/key-file/form-feed-before-comment`): a form feed before
    /// `#` made the comment a key line, which every format then refused as a malformed key.
    @Test("a comment after other white space (form feed, vertical tab, U+0085) is still a comment")
    func commentAfterOtherWhiteSpace() throws {
        let text = "#6\r\n\u{0C}# created: T2\n\u{0B}#x\n\u{85}# y\nage1xyz\n"
        let file = try KeyFile(bytes: Data(text.utf8), name: "keys.txt")
        #expect(file.lines == [KeyFileLine(number: 5, text: "age1xyz")])
    }

    @Test("a key line that is not UTF-8 is refused by its line number; a comment need not be UTF-8")
    func utf8() throws {
        let (identity, text) = AgeKeyFile.generate()
        var bytes = Data("# caf".utf8) + Data([0xE9]) + Data("\n".utf8) + Data(text.utf8)
        #expect(try AgeKeyFile.identities(in: try KeyFile(bytes: bytes, name: "k")).count == 1)
        bytes += Data("\nAGE-SECRET-KEY-1".utf8) + Data([0xFF, 0xFE]) + Data("\n".utf8)
        let lineNumber = 1 + text.split(separator: "\n").count + 2
        #expect(
            detail { _ = try KeyFile(bytes: bytes, name: "k.txt") }
                == "k.txt:\(lineNumber): not UTF-8 text; key files are text, one key per line")
        _ = identity
    }

    @Test("a file over 16 MiB is refused, not cut, from a path as from bytes")
    func sizeLimit() throws {
        let folder = try ScratchFolder("rampart-keyfile")
        let (_, text) = AgeKeyFile.generate()
        let big = Data(text.utf8) + Data(repeating: UInt8(ascii: "#"), count: 20 << 20)
        try folder.write("big.txt", big)
        let expected = "\(folder.path("big.txt")): over 16 MiB; not a key file (one key per line)"
        #expect(detail { _ = try KeyFile(contentsOf: folder.path("big.txt")) } == expected)
        #expect(detail { _ = try AgeKeyFile.identities(atPath: folder.path("big.txt")) } == expected)
        #expect(
            detail { _ = try KeyFile(bytes: big, name: "b") } == "b: over 16 MiB; not a key file (one key per line)")
        let limit = Data(text.utf8) + Data(repeating: UInt8(ascii: "\n"), count: KeyFile.sizeLimit - text.utf8.count)
        try folder.write("limit.txt", limit)
        #expect(try AgeKeyFile.identities(atPath: folder.path("limit.txt")).count == 1)
    }

    @Test("the size refusal is RampartIO's one tooLarge error underneath, naming the file and the 16 MiB limit")
    func sizeLimitError() throws {
        let folder = try ScratchFolder("rampart-keyfile")
        let path = folder.path("big.txt")
        try folder.write("big.txt", Data(repeating: UInt8(ascii: "#"), count: KeyFile.sizeLimit + 1))
        do throws(SealError) {
            _ = try KeyFile(contentsOf: path)
            Issue.record("a file over the limit was read")
        } catch {
            Self.expectTooLarge(error, path: path)
        }
        do throws(SealError) {
            _ = try KeyFile(bytes: Data(count: KeyFile.sizeLimit + 1), name: path)
            Issue.record("bytes over the limit were read")
        } catch {
            Self.expectTooLarge(error, path: path)
        }
    }

    /// `error` is malformed at `.keyFile` for `path`, with `IOError.tooLarge` at 16 MiB underneath.
    private static func expectTooLarge(
        _ error: SealError, path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .malformed(let context) = error else {
            Issue.record("expected malformed, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(context.stage == .keyFile && context.path == path, sourceLocation: sourceLocation)
        let underlying = context.ioError
        #expect(underlying?.code == .tooLarge && underlying?.limit == 16 << 20, sourceLocation: sourceLocation)
        #expect(underlying?.path == path, sourceLocation: sourceLocation)
    }

    @Test("errors read FILE:LINE: and never quote the line")
    func errors() throws {
        let (identity, text) = AgeKeyFile.generate()
        let secret = identity.secretText
        let broken = String(secret.dropLast()) + (secret.hasSuffix("Q") ? "P" : "Q")
        #expect(
            detail { _ = try AgeKeyFile.identities(in: "# a\n\n" + broken + "\n", source: "id.txt") }?
                .hasPrefix("id.txt:3: not an age identity: ") == true)
        #expect(
            detail { _ = try AgeKeyFile.identities(in: "# a\n\n" + broken + "\n", source: "id.txt") }?
                .contains(broken.suffix(20)) == false)
        #expect(
            detail { _ = try AgeKeyFile.identities(in: text + identity.recipientText + "\n", source: "id.txt") }
                == "id.txt:4: not an age identity: it holds a recipient (public key), not an identity")
        #expect(
            detail { _ = try AgeKeyFile.recipients(in: "\n" + secret + "\n", source: "r.txt") }
                == "r.txt:2: not an age recipient: it holds an identity (a secret!), not a recipient")
        #expect(
            detail { _ = try AgeKeyFile.identities(in: "RAMPART-SECRET-KEY-1QQQQ\n", source: "id.txt") }
                == "id.txt:1: not an age identity: unknown identity type; age identities start AGE-SECRET-KEY-1 "
                + "or AGE-SECRET-KEY-PQ-1")
        #expect(
            detail { _ = try AgeKeyFile.identities(in: "# only a comment\n", source: "x") }
                == "x: holds no identity (AGE-SECRET-KEY-1…)")
    }
}
