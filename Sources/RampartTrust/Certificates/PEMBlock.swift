import Foundation

/// One block of a PEM file, read the lax way RFC 7468 asks parsers to read: the one PEM reader of
/// the package, for certificates and keys alike.
///
/// What is accepted, as `openssl` accepts it or more leniently:
/// - base64 lines of any length (64, 65, 76, or the whole body on one line), blank lines, spaces
///   and tabs anywhere in the body, LF, CRLF or CR line ends, a UTF-8 byte-order mark;
/// - text before, between and after the blocks (`openssl x509 -text` output), in any encoding.
///
/// What is refused, naming the block and the line: a block without its `END` line or whose `END`
/// label differs, an `END` line that goes on after its closing dashes (a second block on the same
/// line: `openssl` refuses it as a "bad end line"), a character that is neither base64 nor white space, base64 that does not end
/// where its padding says, an empty block, and RFC 1421 header lines, which RFC 7468 does not
/// allow and `openssl` refuses: an encrypted block (`Proc-Type: 4,ENCRYPTED`, `DEK-Info:`, the
/// legacy OpenSSL key encryption) is named as such, to be decrypted first
/// (`openssl pkey -in key.pem -out plain.pem`). Blocks with other labels than those asked for are
/// not looked into. age's ASCII armor is not PEM in this sense and keeps its own strict reader.
///
/// ```swift
/// let blocks = try PEMBlock.blocks(in: Array(data), labels: ["CERTIFICATE"])
/// let certificates = try blocks.map { try Certificate(derEncoded: $0.derBytes) }
/// ```
public struct PEMBlock: Sendable, Hashable {
    /// The label of the `BEGIN` line (`CERTIFICATE`, `PRIVATE KEY`…).
    public let label: String
    /// The bytes the base64 body decodes to.
    public let derBytes: [UInt8]
    /// The 1-based line of the `BEGIN` line in the input.
    public let line: Int

    public init(label: String, derBytes: [UInt8], line: Int) {
        self.label = label
        self.derBytes = derBytes
        self.line = line
    }

    /// Why a block could not be read: the block's label, the line where the problem is, and what
    /// was wrong.
    public struct Malformed: Error, Sendable, Hashable, CustomStringConvertible {
        public let label: String
        public let line: Int
        public let reason: String

        public var description: String { "the \(label) block at line \(line): \(reason)" }
    }

    /// The blocks of `bytes` whose label is in `labels` (every block when `labels` is `nil`), in
    /// file order.
    ///
    /// - Throws: ``Malformed`` for the first block asked for that cannot be read.
    public static func blocks(in bytes: [UInt8], labels: Set<String>? = nil) throws(Malformed) -> [PEMBlock] {
        var reader = Reader(bytes)
        var blocks: [PEMBlock] = []
        while let begin = reader.nextBegin() {
            guard labels?.contains(begin.label) ?? true else { continue }
            blocks.append(try reader.readBlock(begin))
        }
        return blocks
    }

    /// Whether `bytes` hold a `-----BEGIN ` boundary at the start of a line, that is, whether they
    /// are PEM rather than DER or something else.
    public static func containsBoundary(_ bytes: [UInt8]) -> Bool {
        var reader = Reader(bytes)
        return reader.nextBegin() != nil
    }

    /// A cursor over the input, line by line outside blocks.
    private struct Reader {
        let bytes: [UInt8]
        /// Where reading goes on, and the 1-based line it is on.
        var position: Int
        var line = 1

        struct Begin {
            let label: String
            let line: Int
            /// Where the body starts: just after the `BEGIN` line's closing dashes.
            let bodyStart: Int
        }

        static let dashes = Array("-----".utf8)
        static let beginMarker = Array("-----BEGIN ".utf8)
        static let endMarker = Array("-----END ".utf8)

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// Moves the cursor forward to `offset`, counting the line ends it passes.
        mutating func advance(to offset: Int) {
            line += Self.lineEnds(in: bytes, from: position, to: offset)
            position = offset
        }

        /// The next line starting (after spaces or tabs) with a `BEGIN` boundary; the cursor moves
        /// to the start of the body.
        mutating func nextBegin() -> Begin? {
            while position < bytes.count {
                let lineStart = position
                let lineNumber = line
                let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
                position = Self.nextLine(in: bytes, after: lineEnd)
                if lineEnd < bytes.count { line += 1 }
                var start = lineStart
                while start < lineEnd, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                guard Self.matches(Self.beginMarker, in: bytes, at: start, before: lineEnd) else { continue }
                let labelStart = start + Self.beginMarker.count
                guard let close = Self.find(Self.dashes, in: bytes, from: labelStart, before: lineEnd),
                    let label = Self.label(bytes[labelStart..<close])
                else { continue }
                line = lineNumber
                position = close + Self.dashes.count
                return Begin(label: label, line: lineNumber, bodyStart: position)
            }
            return nil
        }

        /// The block that `begin` opens: its body up to the matching `END` boundary, decoded.
        mutating func readBlock(_ begin: Begin) throws(Malformed) -> PEMBlock {
            let bytes = bytes
            func fail(_ reason: String, at offset: Int? = nil) -> Malformed {
                let line = offset.map { begin.line + Self.lineEnds(in: bytes, from: begin.bodyStart, to: $0) }
                return Malformed(label: begin.label, line: line ?? begin.line, reason: reason)
            }
            // One pass to the first boundary after the body's start: the END, or a BEGIN too early.
            var end: Int?
            var searchFrom = begin.bodyStart
            while end == nil, let dashes = Self.find(Self.dashes, in: bytes, from: searchFrom, before: bytes.count) {
                if Self.matches(Self.endMarker, in: bytes, at: dashes, before: bytes.count) {
                    end = dashes
                } else if Self.matches(Self.beginMarker, in: bytes, at: dashes, before: bytes.count) {
                    throw fail("another BEGIN line comes before its END \(begin.label) line", at: dashes)
                }
                searchFrom = dashes + 1
            }
            guard let end else { throw fail("there is no END \(begin.label) line") }
            let labelStart = end + Self.endMarker.count
            let lineEnd = Self.lineEnd(in: bytes, from: labelStart)
            guard let close = Self.find(Self.dashes, in: bytes, from: labelStart, before: lineEnd),
                let label = Self.label(bytes[labelStart..<close]), label == begin.label
            else {
                let found = Self.printable(bytes[end..<min(lineEnd, end + 80)])
                throw fail("it ends with '\(found)', not -----END \(begin.label)-----", at: end)
            }
            // As openssl ("bad end line"): nothing but white space after the END line's dashes, so a
            // second block cannot start on the line where one ended.
            let afterEnd = close + Self.dashes.count
            if let extra = bytes[afterEnd..<lineEnd].firstIndex(where: { !Self.isSpace($0) }) {
                let found = Self.printable(bytes[extra..<min(lineEnd, extra + 40)])
                throw fail(
                    "its END line goes on after -----END \(begin.label)----- ('\(found)'); openssl refuses that "
                        + "too: end the line there, and start a next block on a line of its own", at: end)
            }
            advance(to: afterEnd)
            let body = try Self.base64(in: bytes, from: begin.bodyStart, to: end, fail: fail)
            guard !body.isEmpty else { throw fail("there is no base64 between its BEGIN and END lines") }
            guard body.count % 4 == 0, let decoded = Data(base64Encoded: Data(body)), !decoded.isEmpty else {
                throw fail(
                    "its base64 does not decode (\(body.count) characters; "
                        + "a character is missing or the '=' padding is misplaced)")
            }
            return PEMBlock(label: begin.label, derBytes: Array(decoded), line: begin.line)
        }

        /// The body's base64 characters without white space; throws for a character that has no
        /// place in base64, naming an explanatory header (`Name: value`) and an encrypted block.
        static func base64(
            in bytes: [UInt8], from start: Int, to end: Int, fail: (String, Int?) -> Malformed
        ) throws(Malformed) -> [UInt8] {
            var characters: [UInt8] = []
            characters.reserveCapacity(end - start)
            var lineStart = start
            for offset in start..<end {
                let byte = bytes[offset]
                if Self.isBase64(byte) {
                    characters.append(byte)
                } else if byte == 0x0A || byte == 0x0D {
                    lineStart = offset + 1
                } else if !Self.isSpace(byte), let colon = Self.colon(in: bytes, from: lineStart, to: end) {
                    let name = Self.printable(bytes[lineStart..<min(colon, lineStart + 40)])
                        .trimmingCharacters(in: .whitespaces)
                    let lineEnd = min(Self.lineEnd(in: bytes, from: colon), end)
                    let value = String(decoding: bytes[(colon + 1)..<lineEnd], as: UTF8.self).uppercased()
                    if (name.lowercased() == "proc-type" && value.contains("ENCRYPTED"))
                        || name.lowercased() == "dek-info"
                    {
                        throw fail(
                            "it is encrypted (\(name.lowercased() == "dek-info" ? "DEK-Info" : "Proc-Type: 4,ENCRYPTED")); "
                                + "decrypt it first (openssl pkey -in FILE -out PLAIN.pem)", lineStart)
                    }
                    throw fail(
                        "it has a header line ('\(name):'); RFC 7468 PEM has none (openssl refuses it "
                            + "too): remove the header lines", offset)
                } else if !Self.isSpace(byte) {
                    throw fail(
                        "\(Self.describe(byte)) is not base64 "
                            + "(only base64 and white space belong between BEGIN and END)", offset)
                }
            }
            return characters
        }

        /// The first `:` of the line starting at `start`, if it has one: the line is a header.
        static func colon(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
            let lineEnd = min(Self.lineEnd(in: bytes, from: start), end)
            return bytes[start..<lineEnd].firstIndex(of: 0x3A)
        }

        static func isBase64(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F, 0x3D: return true
            default: return false
            }
        }

        /// White space: space, tab, vertical tab, form feed, CR and LF.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D || byte == 0x0A
        }

        /// A label of printable ASCII without leading or trailing spaces.
        static func label(_ bytes: ArraySlice<UInt8>) -> String? {
            guard !bytes.isEmpty, bytes.allSatisfy({ (0x20...0x7E).contains($0) }), bytes.first != 0x20,
                bytes.last != 0x20
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The offset of the first line end (LF or CR) at or after `start`, or the input's end.
        static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
            var index = start
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            return index
        }

        /// The start of the line after the line end at `lineEnd` (CRLF counts once).
        static func nextLine(in bytes: [UInt8], after lineEnd: Int) -> Int {
            guard lineEnd < bytes.count else { return bytes.count }
            if bytes[lineEnd] == 0x0D, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == 0x0A { return lineEnd + 2 }
            return lineEnd + 1
        }

        /// The line ends between `start` and `end`: LF, CR and CRLF each end one line.
        static func lineEnds(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
            var count = 0
            var index = start
            while index < min(end, bytes.count) {
                if bytes[index] == 0x0A
                    || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
                {
                    count += 1
                }
                index += 1
            }
            return count
        }

        static func matches(_ marker: [UInt8], in bytes: [UInt8], at start: Int, before limit: Int) -> Bool {
            start + marker.count <= limit && bytes[start..<(start + marker.count)].elementsEqual(marker)
        }

        /// The first offset of `marker` at or after `start` that ends before `limit`.
        static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int, before limit: Int) -> Int? {
            guard let first = marker.first, limit - start >= marker.count else { return nil }
            var index = start
            while index + marker.count <= limit {
                if bytes[index] == first, matches(marker, in: bytes, at: index, before: limit) { return index }
                index += 1
            }
            return nil
        }

        /// Bytes of the input quoted in a message: printable ASCII as it is, anything else (control
        /// characters that could drive a terminal included) as `?`.
        static func printable(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: UTF8.self)
        }

        /// A byte as a person reads it: the character when printable, else its code.
        static func describe(_ byte: UInt8) -> String {
            if (0x21...0x7E).contains(byte) { return "'\(Character(UnicodeScalar(byte)))'" }
            return String(format: "byte 0x%02X", byte)
        }
    }
}
