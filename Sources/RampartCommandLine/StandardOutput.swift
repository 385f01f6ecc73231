import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CLI's one path to standard output: every write is checked, so a full disk or a closed
/// descriptor ends the command with exit 74 and a message naming the stream and the OS error,
/// instead of a crash or a silent success. A reader that went away (`rampart vault ls | head -1`)
/// ends the command quietly with 141, the status a shell reports for a broken pipe.
///
/// ```swift
/// try StandardOutput.line("sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")
/// try StandardOutput.write(plaintext)
/// ```
///
/// `rampart` and `rampart-demo` both write through it (module RampartCommandLine).
package enum StandardOutput {
    /// Writes `text` and a line feed.
    package static func line(_ text: String) throws(CommandFailure) {
        try write(Data((text + "\n").utf8))
    }

    /// Writes `value` as pretty, key-sorted JSON (dates in ISO 8601) and a line feed.
    package static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try write(try encoder.encode(value) + Data("\n".utf8))
    }

    /// Writes `bytes` whole, or throws the failure the user sees.
    package static func write(_ bytes: some DataProtocol) throws(CommandFailure) {
        if let code = StandardStreams.write(bytes, to: STDOUT_FILENO) { throw failure(code) }
    }

    /// What a failed write of standard output means for the user, from its `errno`.
    package static func failure(_ code: Int32) -> CommandFailure {
        if code == EPIPE { return CommandFailure("", status: .brokenPipe) }
        return CommandFailure(
            "cannot write to standard output: \(String(cString: strerror(code))) (errno \(code)); "
                + "check where the output goes (free space, a closed descriptor)",
            status: .ioError)
    }
}

/// The process's standard descriptors, made safe to use before anything else opens a file.
package enum StandardStreams {
    /// Makes every write failure visible as an error code instead of a signal or a lost write:
    /// SIGPIPE is ignored (a closed pipe becomes `EPIPE`), and a descriptor 0, 1 or 2 the caller
    /// closed (`>&-`) is taken by `/dev/null` opened the wrong way round, so that using it fails
    /// with `EBADF` and no file the command opens later (a vault, an output) can take its number
    /// and receive text meant for the terminal.
    package static func secure() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying interrupted and partial writes and waiting
    /// on a non-blocking pipe; the `errno` of the first real failure, or `nil` when all was written.
    package static func write(_ bytes: some DataProtocol, to descriptor: Int32) -> Int32? {
        FileDescriptorIO.writeAll(bytes, to: descriptor)
    }
}
