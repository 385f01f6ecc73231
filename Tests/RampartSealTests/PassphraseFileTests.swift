import Foundation
import RampartSeal
import Testing

/// `PassphraseFile`: the first line of a file, refused rather than cut or taken as it is when it
/// cannot be a passphrase a person typed.
@Suite("Passphrase files")
struct PassphraseFileTests {
    private static func write(_ bytes: Data) throws -> String {
        let path = try SealTestSupport.temporaryFolder().appendingPathComponent("pw").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    @Test("the first line, without LF or CRLF, up to 64 KiB", arguments: ["\n", "\r\n", ""])
    func firstLine(ending: String) throws {
        let longest = String(repeating: "é", count: 32 * 1024)
        for text in ["correct horse battery staple", "pässwörd with spaces"] + (ending.isEmpty ? [] : [longest]) {
            let path = try Self.write(Data((text + ending + "second line\n").utf8))
            defer { Self.remove(path) }
            let expected = ending.isEmpty ? text + "second line" : text
            #expect(try PassphraseFile.read(path: path) == expected)
        }
    }

    @Test("/dev/zero is refused, naming the file and the limit, not read as 69,632 NUL bytes")
    func devZero() throws {
        do throws(SealError) {
            let passphrase = try PassphraseFile.read(path: "/dev/zero")
            Issue.record("accepted \(passphrase.utf8.count) bytes from /dev/zero")
        } catch {
            guard case .malformed(let context) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(context.detail.contains("/dev/zero") && context.detail.contains("65536"), "\(context.detail)")
            #expect(context.stage == .passphraseFile && context.path == "/dev/zero")
        }
    }

    @Test("a first line over 64 KiB is refused, never cut")
    func tooLong() throws {
        let path = try Self.write(
            Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 + 1) + Data("\n".utf8))
        defer { Self.remove(path) }
        #expect(
            throws: SealError.malformed(
                SealErrorContext(
                    "\(path): the first line is longer than 65536 bytes, the limit for a passphrase; is this the right file?",
                    stage: .passphraseFile, path: path))
        ) { try PassphraseFile.read(path: path) }
    }

    @Test(
        "NUL bytes and other control characters are refused",
        arguments: ["a\u{0}b", "tab\there", "esc\u{1B}[0m", "del\u{7F}", "c1\u{85}"])
    func controlCharacters(text: String) throws {
        let path = try Self.write(Data((text + "\n").utf8))
        defer { Self.remove(path) }
        do throws(SealError) {
            _ = try PassphraseFile.read(path: path)
            Issue.record("accepted a control character in \(text.debugDescription)")
        } catch {
            guard case .malformed(let context) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(context.detail.contains(path) && context.detail.contains("control character"), "\(context.detail)")
        }
    }

    @Test("an empty first line is still a usage error, as before")
    func empty() throws {
        let path = try Self.write(Data("\nsecond\n".utf8))
        defer { Self.remove(path) }
        #expect(
            throws: SealError.invalidParameter(
                SealErrorContext(
                    "\(path): the first line (the passphrase) is empty", stage: .passphraseFile, path: path))
        ) {
            try PassphraseFile.read(path: path)
        }
    }
}
