import Foundation
import RampartIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo's standard output and error. Every write is checked: a full disk or a closed
/// descriptor ends the demo with exit 74 and a message naming the stream, a reader that went away
/// (`rampart-demo | head -1`) with 141. Colour only on a terminal, never with `NO_COLOR`.
///
/// Writes go through RampartIO's `FileDescriptorIO`, the package's one write loop. Everything the
/// demo prints comes from its own lab, so it needs none of `rampart`'s escaping of hostile text.
///
/// ```swift
/// try DemoOutput.line(DemoOutput.paint("All 40 steps went as expected.", 32))
/// ```
enum DemoOutput {
    /// Writes `text` and a line feed to standard output.
    static func line(_ text: String) throws(DemoFailure) {
        try write(Data((text + "\n").utf8))
    }

    /// Writes `value` as pretty, key-sorted JSON on standard output.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        try write(try encoder.encode(value) + Data("\n".utf8))
    }

    /// Writes `bytes` whole to standard output, or throws the failure the user sees.
    static func write(_ bytes: Data) throws(DemoFailure) {
        guard let code = FileDescriptorIO.writeAll(bytes, to: STDOUT_FILENO) else { return }
        if code == EPIPE { throw DemoFailure("", status: .brokenPipe) }
        throw DemoFailure(
            "cannot write to standard output: \(String(cString: strerror(code))) (errno \(code)); "
                + "check where the output goes (free space, a closed descriptor)",
            status: .ioError)
    }

    /// Writes `message` and a line feed to standard error; a message that cannot be written is dropped.
    static func warn(_ message: String) {
        _ = FileDescriptorIO.writeAll(Data((message + "\n").utf8), to: STDERR_FILENO)
    }

    /// `text` in the ANSI colour `code` when standard output is a terminal and `NO_COLOR` is not set.
    static func paint(_ text: String, _ code: Int) -> String {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
