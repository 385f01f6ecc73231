/// One DER element found by its identifier and length alone, without reading its contents: where
/// it starts, where its contents start and where it ends. For walking the top levels of a
/// structure swift-asn1 or swift-certificates already validated (a decoded certificate's
/// `tbsCertificateBytes`), where `DER.parse` would build the whole tree again only to find one
/// field by position.
///
/// Every read is bounds-checked and DER's rules for the header are enforced (one identifier octet,
/// a definite length in the fewest octets), so bytes that are not DER throw rather than mislead.
///
/// ```swift
/// let tbs = try DERElement(in: bytes, at: bytes.startIndex)
/// let first = try tbs.child(after: nil, in: bytes)  // its first field, or nil
/// ```
struct DERElement: Sendable, Hashable {
    /// The identifier octet: `0x30` for a SEQUENCE, `0xA3` for `[3] EXPLICIT`.
    var identifier: UInt8
    /// The whole element, header included, as indices of the bytes it was read from.
    var encoded: Range<Int>
    /// Its contents.
    var contents: Range<Int>

    /// Why a header could not be read, with the byte offset where it failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let sequence: UInt8 = 0x30

    /// The element that starts at `start` and ends by `end` (the end of `bytes` by default).
    init(in bytes: ArraySlice<UInt8>, at start: Int, end: Int? = nil) throws(Failure) {
        let end = min(end ?? bytes.endIndex, bytes.endIndex)
        guard start >= bytes.startIndex, start + 2 <= end else {
            throw Failure(description: "a DER element at byte \(start - bytes.startIndex) is cut short")
        }
        let identifier = bytes[start]
        guard identifier & 0x1F != 0x1F else {
            throw Failure(description: "a multi-octet DER tag at byte \(start - bytes.startIndex)")
        }
        let first = bytes[start + 1]
        var position = start + 2
        var length = Int(first)
        if first >= 0x80 {
            let count = Int(first & 0x7F)
            guard (1...4).contains(count), position + count <= end, bytes[position] != 0 else {
                throw Failure(
                    description: "a DER length at byte \(start + 1 - bytes.startIndex) is not definite and minimal")
            }
            length = 0
            for index in position..<position + count { length = length << 8 | Int(bytes[index]) }
            position += count
            guard length >= 0x80 else {
                throw Failure(description: "a DER length at byte \(start + 1 - bytes.startIndex) is not minimal")
            }
        }
        guard length <= end - position else {
            throw Failure(
                description: "a DER element at byte \(start - bytes.startIndex) declares \(length) bytes; "
                    + "\(end - position) remain")
        }
        self.identifier = identifier
        self.encoded = start..<position + length
        self.contents = position..<position + length
    }

    /// The child of this element that follows `previous` in its contents, or its first child when
    /// `previous` is `nil`; `nil` once the contents end. Walks without building a list:
    ///
    /// ```swift
    /// var field = try tbs.child(after: nil, in: bytes)
    /// while let current = field { field = try tbs.child(after: current, in: bytes) }
    /// ```
    func child(after previous: DERElement?, in bytes: ArraySlice<UInt8>) throws(Failure) -> DERElement? {
        let position = previous?.encoded.upperBound ?? contents.lowerBound
        guard position < contents.upperBound else { return nil }
        return try DERElement(in: bytes, at: position, end: contents.upperBound)
    }

    /// How many octets a header for `length` content octets takes.
    static func headerCount(length: Int) -> Int {
        guard length >= 0x80 else { return 2 }
        var count = 2  // the identifier, the octet that counts the length's octets
        var rest = length
        while rest > 0 {
            count += 1
            rest >>= 8
        }
        return count
    }

    /// Appends a header: `identifier`, then `length` in the fewest octets, as DER requires.
    static func appendHeader(identifier: UInt8, length: Int, to output: inout [UInt8]) {
        output.append(identifier)
        guard length >= 0x80 else {
            output.append(UInt8(length))
            return
        }
        let count = headerCount(length: length) - 2
        output.append(0x80 | UInt8(count))
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            output.append(UInt8(truncatingIfNeeded: length >> shift))
        }
    }
}
