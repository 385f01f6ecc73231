import Foundation
import RampartIO

/// Reads age's ASCII armor strictly (RFC 7468 "strict" with the label `AGE ENCRYPTED FILE`):
/// padded canonical base64 in 64-column lines, the last one 1–64 columns, no headers, LF or CRLF
/// line endings, and only whitespace before the BEGIN line or after the END line.
///
/// ```swift
/// var input = BufferedSource(SealSource(DataSource(armoredText)))
/// if try ArmoredSource.looksArmored(&input) {
///     var binary = try ArmoredSource(input)
///     let bytes = try binary.read(upTo: 1 << 16)
/// }
/// ```
package struct ArmoredSource<Base: ByteSource>: ByteSource where Base.Failure == SealError {
    package typealias Failure = SealError

    private static var lineLimit: Int { 256 }
    private var input: BufferedSource<Base>
    private var finished = false
    /// Decoded bytes past what the last read asked for (armor decodes whole lines).
    private var surplus = Data()
    private var lineNumber = 1

    /// Whether the input should be read as armor: it is not empty and does not start like a
    /// binary age file (`age-encryption.org/`). Anything else must be a valid armored file.
    package static func looksArmored(_ input: inout BufferedSource<Base>) throws(SealError) -> Bool {
        let start = try input.peek(19)
        return !start.isEmpty && !start.starts(with: Data("age-encryption.org/".utf8))
    }

    /// The next line, with over-long lines reported as an armor failure.
    private mutating func nextLine() throws(SealError) -> Data? {
        guard let line = try input.readLine(limit: Self.lineLimit) else { return nil }
        guard line.count <= Self.lineLimit else {
            throw .malformed(
                SealErrorContext(
                    "armor: line \(lineNumber) is longer than \(Self.lineLimit) bytes; lines hold 1 to 64 columns",
                    stage: .ageArmor))
        }
        return line
    }

    /// Consumes leading whitespace and the BEGIN line of `input`.
    package init(_ input: BufferedSource<Base>) throws(SealError) {
        self.input = input
        while true {
            guard let line = try self.nextLine() else {
                throw .malformed(
                    SealErrorContext("armor: the input holds only whitespace, no BEGIN line", stage: .ageArmor))
            }
            let text = Self.content(of: line)
            if text.allSatisfy(isArmorWhitespace) && line.last == UInt8(ascii: "\n") {
                lineNumber += 1
                continue
            }
            guard text == Data(ArmoredSink<DataSink>.beginLine.utf8), line.last == UInt8(ascii: "\n") else {
                throw .malformed(
                    SealErrorContext(
                        "armor: line \(lineNumber) is not '\(ArmoredSink<DataSink>.beginLine)'; the input is neither a "
                            + "binary age file (which starts 'age-encryption.org/v1') nor an armored one",
                        stage: .ageArmor
                    ))
            }
            return
        }
    }

    /// A line without its LF or CRLF ending.
    private static func content(of line: Data) -> Data {
        var text = line
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        if text.last == UInt8(ascii: "\r") { text.removeLast() }
        return text
    }

    package mutating func read(upTo count: Int) throws(SealError) -> Data {
        var decoded = surplus
        surplus = Data()
        while !finished && decoded.count < count {
            lineNumber += 1
            guard let line = try nextLine() else {
                throw .malformed(SealErrorContext("armor: the input ends before the END line", stage: .ageArmor))
            }
            let text = Self.content(of: line)
            if text == Data(ArmoredSink<DataSink>.endLine.utf8) {
                try finishAfterEnd()
                break
            }
            guard line.last == UInt8(ascii: "\n") else {
                throw .malformed(
                    SealErrorContext(
                        "armor: the input ends inside line \(lineNumber), before the END line", stage: .ageArmor))
            }
            guard !text.isEmpty, text.count <= 64 else {
                throw .malformed(
                    SealErrorContext(
                        "armor: line \(lineNumber) has \(text.count) columns; lines hold 1 to 64", stage: .ageArmor))
            }
            guard let bytes = StrictBase64.decodePadded(String(decoding: text, as: UTF8.self)) else {
                throw .malformed(
                    SealErrorContext("armor: line \(lineNumber) is not canonical padded base64", stage: .ageArmor))
            }
            decoded.append(bytes)
            if text.count < 64 || text.last == UInt8(ascii: "=") {
                lineNumber += 1
                guard let end = try nextLine(),
                    Self.content(of: end) == Data(ArmoredSink<DataSink>.endLine.utf8)
                else {
                    throw .malformed(
                        SealErrorContext(
                            "armor: line \(lineNumber) should be the END line after a short or padded line",
                            stage: .ageArmor))
                }
                try finishAfterEnd()
            }
        }
        // At most `count` bytes, as every source returns: the rest of a line waits for the next read.
        if decoded.count > count {
            surplus = Data(decoded.suffix(from: decoded.startIndex + count))
            decoded = Data(decoded.prefix(count))
        }
        return decoded
    }

    /// After the END line only whitespace may follow.
    private mutating func finishAfterEnd() throws(SealError) {
        finished = true
        while true {
            let rest = try input.read(upTo: 64 * 1024)
            if rest.isEmpty { return }
            guard rest.allSatisfy(isArmorWhitespace) else {
                throw .malformed(
                    SealErrorContext("armor: something other than whitespace follows the END line", stage: .ageArmor))
            }
        }
    }
}

/// Space, tab, LF or CR: what may surround an armored block.
private func isArmorWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
}
