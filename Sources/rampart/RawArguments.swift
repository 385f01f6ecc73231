import Foundation

/// The command line as the kernel passed it. ArgumentParser decodes each argument lossily (a byte
/// that is not UTF-8 becomes U+FFFD), so the names `a\xFF` and `a\xFE` would reach the vault as
/// the same string; the vault commands give it the bytes behind a decoded argument instead, and
/// the vault refuses those that are not UTF-8.
///
/// ```swift
/// let bytes = RawArguments.bytes(of: service)  // the argument's own bytes when it was not UTF-8
/// ```
enum RawArguments {
    /// Every argument's bytes, as given.
    static func all() -> [Data] {
        (0..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { Data(bytes: $0, count: strlen($0)) }
        }
    }

    /// The bytes an argument decoded as `text` came from: an argument that is not valid UTF-8 and
    /// decodes to `text` (whole, or after the `=` of `--option=value`), else `text`'s own UTF-8.
    static func bytes(of text: String) -> Data {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return Data(text.utf8) }
        for argument in all() where String(validating: argument, as: UTF8.self) == nil {
            if String(decoding: argument, as: UTF8.self) == text { return argument }
            if argument.first == UInt8(ascii: "-"), let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
                let value = argument[argument.index(after: equals)...]
                if String(decoding: value, as: UTF8.self) == text { return Data(value) }
            }
        }
        return Data(text.utf8)
    }
}
