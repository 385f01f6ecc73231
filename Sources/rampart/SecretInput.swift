import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the CLI reads passphrases and other secrets from. Secrets never come from argv: a
/// no-echo prompt on the controlling terminal, a file (first line, without its line ending), or a
/// file named by an environment variable.
enum SecretInput {
    /// Reads the first line of `path` without its line ending.
    ///
    /// - Throws: exit 66 when the file is missing, 65 when it is empty or not UTF-8.
    static func firstLine(ofFile path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw CommandFailure(
                exists
                    ? "cannot read the \(what) file \(path): check its permissions"
                    : "the \(what) file \(path) does not exist",
                status: exists ? .ioError : .noInput)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("the \(what) file \(path) is not UTF-8 text", status: .dataError)
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let secret = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !secret.isEmpty else {
            throw CommandFailure("the \(what) file \(path) has an empty first line", status: .dataError)
        }
        return secret
    }

    /// Asks for a secret on the controlling terminal with echo off; with `confirm`, asks twice
    /// and insists that both answers match.
    ///
    /// - Throws: exit 2 when there is no terminal (scripts must use a file instead).
    static func prompt(_ label: String, confirm: Bool = false, alternative: String) throws -> String {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else {
            throw CommandFailure(
                "there is no terminal to ask for the \(label) on; \(alternative)", status: .usage)
        }
        defer { close(tty) }
        let first = try readWithoutEcho(tty, prompt: "Enter \(label): ")
        guard !first.isEmpty else { throw CommandFailure("the \(label) is empty", status: .usage) }
        if confirm {
            let second = try readWithoutEcho(tty, prompt: "Confirm \(label): ")
            guard first == second else { throw CommandFailure("the two \(label)s differ", status: .usage) }
        }
        return first
    }

    private static func readWithoutEcho(_ tty: Int32, prompt: String) throws -> String {
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        var saved = termios()
        let hasTerminal = tcgetattr(tty, &saved) == 0
        if hasTerminal {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(tty, TCSAFLUSH, &silent)
        }
        defer {
            if hasTerminal { _ = tcsetattr(tty, TCSAFLUSH, &saved) }
            _ = "\n".withCString { write(tty, $0, 1) }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
