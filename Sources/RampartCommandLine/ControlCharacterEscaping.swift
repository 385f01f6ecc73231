import Foundation

/// Makes names and values from a vault (or anywhere else a user does not control) safe to show.
///
/// A terminal acts on control characters (ESC starts sequences that retitle the window or clear
/// the screen), a line feed or tab forges lines and fields in tab-separated output, and the
/// bidirectional overrides and isolates reorder what is shown. These are written as escapes:
///
/// | character | written as |
/// |---|---|
/// | tab, line feed, carriage return | `\t`, `\n`, `\r` |
/// | other C0 controls (U+0000–U+001F), DEL | `\xHH` (the byte, two lower-case hex digits) |
/// | a byte that is not part of valid UTF-8 (a value, or an argument: ``RawArguments``) | `\xHH` |
/// | C1 controls (U+0080–U+009F), U+2028, U+2029, bidi U+202A–U+202E, U+2066–U+2069 | `\u{HHHH}` |
/// | backslash | `\\` |
///
/// Every other character is written as it is, so the result is one line and turns back into the
/// exact original bytes by reading the escapes back (`\xHH` is a byte, `\u{…}` a character's
/// UTF-8).
///
/// This is the one place the CLI makes text safe to show: every text report writes each
/// input-derived field through ``Swift/String/reportField``, and `Terminal.warn` writes every
/// message through ``sanitized(_:)``. JSON output is never escaped: it is exact.
///
/// ```swift
/// ControlCharacterEscaping.escaped("evil\nforged\tline")  // "evil\\nforged\\tline"
/// try StandardOutput.line("valid    \(address.reportField)")
/// ```
package enum ControlCharacterEscaping {
    /// `text` with control characters escaped and backslashes doubled: one field of one line,
    /// reversible. `vault ls` writes every service and account this way.
    package static func escaped(_ text: String) -> String {
        let text = PathArgument.restoringNames(in: text)
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &output, doublingBackslashes: true) }
        return output
    }

    /// `message` with control characters escaped and backslashes left alone: for messages on
    /// standard error that quote what a user or a file gave.
    package static func sanitized(_ message: String) -> String {
        let message = PathArgument.restoringNames(in: message)
        guard message.unicodeScalars.contains(where: { needsEscape($0) || RawArguments.reservedByte($0) != nil }) else {
            return message
        }
        var output = ""
        for scalar in message.unicodeScalars { append(scalar, to: &output, doublingBackslashes: false) }
        return output
    }

    /// A report a library rendered as lines (`description`s): each line sanitized on its own, so
    /// its line breaks stay and what it quotes cannot drive the terminal.
    package static func sanitizedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }
            .joined(separator: "\n")
    }

    /// `bytes` escaped for a terminal (backslashes doubled, bytes that are not UTF-8 as `\xHH`), or
    /// `nil` when there is nothing to escape: text without control characters is shown as it is.
    package static func escapedForTerminal(_ bytes: Data) -> Data? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var output = ""
        var offset = 0
        var changed = false
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                changed = changed || needsEscape(scalar)
                append(scalar, to: &output, doublingBackslashes: true)
                offset += encoded.count
            case .error(let length):
                changed = true
                for byte in bytes[(bytes.startIndex + offset)...].prefix(length) { output += hexByte(byte) }
                offset += length
            case .emptyInput:
                return changed ? Data(output.utf8) : nil
            }
        }
    }

    /// Whether `scalar` is written as an escape (backslash aside).
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout String, doublingBackslashes: Bool) {
        switch scalar {
        case "\\": output += doublingBackslashes ? "\\\\" : "\\"
        case "\t": output += "\\t"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += hexByte(UInt8(scalar.value))
        case _ where RawArguments.reservedByte(scalar) != nil: output += hexByte(RawArguments.reservedByte(scalar) ?? 0)
        case _ where needsEscape(scalar):
            let hex = String(scalar.value, radix: 16)
            output += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
        default: output.unicodeScalars.append(scalar)
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16)
        return "\\x" + (hex.count == 1 ? "0" : "") + hex
    }
}

extension String {
    /// This text as one field of one line of a text report: control characters escaped and
    /// backslashes doubled (``ControlCharacterEscaping/escaped(_:)``, as `vault ls` writes names),
    /// a file named by bytes that are not UTF-8 shown by those bytes (`\xff`).
    ///
    /// ```swift
    /// try StandardOutput.line("invalid  \(address.reportField): \(rule)")
    /// ```
    package var reportField: String { ControlCharacterEscaping.escaped(self) }
}
