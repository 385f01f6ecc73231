import Foundation
import RampartIO
import RampartTestSupport
import Testing

/// `PassphraseFile`: the first line of a file, refused rather than cut or taken as it is when it
/// cannot be a passphrase a person typed.
@Suite("Passphrase files")
struct PassphraseFileTests {
    private static func write(_ bytes: Data, in folder: ScratchFolder) throws -> String {
        let path = folder.path("pw")
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the first line, without LF or CRLF, up to 64 KiB", arguments: ["\n", "\r\n", ""])
    func firstLine(ending: String) throws {
        let folder = try ScratchFolder("rampart-passphrase")
        let longest = String(repeating: "é", count: 32 * 1024)
        for text in ["correct horse battery staple", "pässwörd with spaces"] + (ending.isEmpty ? [] : [longest]) {
            let path = try Self.write(Data((text + ending + "second line\n").utf8), in: folder)
            let expected = ending.isEmpty ? text + "second line" : text
            #expect(try PassphraseFile.read(path: path) == expected)
        }
    }

    @Test("/dev/zero is refused, naming the file and the limit, not read as 69,632 NUL bytes")
    func devZero() throws {
        #expect(throws: PassphraseFileError.tooLong(path: "/dev/zero", limit: 65536)) {
            try PassphraseFile.read(path: "/dev/zero")
        }
        #expect(PassphraseFileError.tooLong(path: "/dev/zero", limit: 65536).description.contains("65536"))
    }

    @Test("a first line over 64 KiB is refused, never cut")
    func tooLong() throws {
        let folder = try ScratchFolder("rampart-passphrase")
        let path = try Self.write(
            Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 + 1) + Data("\n".utf8), in: folder)
        do throws(PassphraseFileError) {
            _ = try PassphraseFile.read(path: path)
            Issue.record("a line over the limit was accepted")
        } catch {
            #expect(error == .tooLong(path: path, limit: 65536))
            #expect(
                error.description
                    == "\(path): the first line is longer than 65536 bytes, the limit for a passphrase; is this the right file?"
            )
        }
    }

    @Test(
        "NUL bytes and other control characters are refused, naming the character and its byte",
        arguments: [
            ("a\u{0}b", 0, 1), ("tab\there", 9, 3), ("esc\u{1B}[0m", 0x1B, 3), ("del\u{7F}", 0x7F, 3),
            ("é\u{85}", 0x85, 2),
        ])
    func controlCharacters(text: String, scalar: UInt32, offset: Int) throws {
        let folder = try ScratchFolder("rampart-passphrase")
        let path = try Self.write(Data((text + "\n").utf8), in: folder)
        do throws(PassphraseFileError) {
            _ = try PassphraseFile.read(path: path)
            Issue.record("accepted a control character in \(text.debugDescription)")
        } catch {
            #expect(error == .controlCharacter(path: path, scalar: scalar, offset: offset))
            #expect(error.description.contains(path) && error.description.contains("control character"))
            #expect(error.description.contains(String(format: "U+%04X", scalar)), "\(error)")
        }
    }

    @Test("an empty first line is refused as empty")
    func empty() throws {
        let folder = try ScratchFolder("rampart-passphrase")
        let path = try Self.write(Data("\nsecond\n".utf8), in: folder)
        #expect(throws: PassphraseFileError.empty(path: path)) { try PassphraseFile.read(path: path) }
    }

    @Test("a missing file is unreadable with RampartIO's notFound, naming the path and errno")
    func missing() throws {
        let folder = try ScratchFolder("rampart-passphrase")
        let path = folder.path("none")
        do throws(PassphraseFileError) {
            _ = try PassphraseFile.read(path: path)
            Issue.record("a missing file was read")
        } catch {
            guard case .unreadable(let underlying) = error else {
                Issue.record("expected .unreadable, got \(error)")
                return
            }
            #expect(underlying.code == .notFound && underlying.path == path && underlying.errno == ENOENT)
            #expect(error.description == "not found: \(path): no such file")
        }
    }
}
