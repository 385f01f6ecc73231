import Foundation

/// Asks for a secret on the controlling terminal (`/dev/tty`) with echo turned off, so it never
/// touches standard input, the command line or the shell history.
enum TerminalPrompt {
    static func readSecret(_ prompt: String) throws -> String {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            throw CommandFailure(
                "there is no terminal to ask for the passphrase on; use --passphrase-file FILE or --passphrase-env NAME",
                status: .usage)
        }
        defer { close(tty) }
        var saved = termios()
        let hasTermios = tcgetattr(tty, &saved) == 0
        if hasTermios {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(tty, TCSAFLUSH, &silent)
        }
        defer { if hasTermios { tcsetattr(tty, TCSAFLUSH, &saved) } }
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1 && byte != UInt8(ascii: "\n") && line.count < 4096 { line.append(byte) }
        _ = "\n".withCString { write(tty, $0, 1) }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
