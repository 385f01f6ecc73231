import Foundation

/// atext of RFC 5322 3.2.3, by byte.
private let atextTable: [Bool] = (0..<256).map { value in
    guard value < 0x80 else { return false }
    let scalar = Unicode.Scalar(UInt8(value))
    if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) { return true }
    return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
}

extension EmailScanner {
    // MARK: Local part

    mutating func localPart() -> Result<Int, EmailFailure> {
        if bytes[0] == UInt8(ascii: "\"") {
            if signUp { return .failure(EmailFailure(rule: .quotedLocalPartNotAllowed, offset: 0)) }
            return quotedLocalPart()
        }
        var index = 0
        var previousDot = true  // a dot first is a leading dot
        var nonASCII = false
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "@") { break }
            if byte == UInt8(ascii: ".") {
                if previousDot {
                    return .failure(
                        EmailFailure(rule: index == 0 ? .leadingOrTrailingDot : .consecutiveDots, offset: index))
                }
                previousDot = true
            } else if atextTable[Int(byte)] {
                previousDot = false
            } else if byte >= 0x80 {
                nonASCII = true
                previousDot = false
            } else {
                return .failure(EmailFailure(rule: .localPartCharacter, offset: index))
            }
            index += 1
        }
        if index == count { return .failure(EmailFailure(rule: .missingAtSign, offset: count)) }
        if index == 0 { return .failure(EmailFailure(rule: .emptyLocalPart, offset: 0)) }
        if previousDot { return .failure(EmailFailure(rule: .leadingOrTrailingDot, offset: index - 1)) }
        if nonASCII, let failure = unicodeLocalPart(0..<index, quoted: false) { return .failure(failure) }
        return .success(index)
    }

    private mutating func quotedLocalPart() -> Result<Int, EmailFailure> {
        var index = 1
        var nonASCII = false
        let count = bytes.count
        while true {
            guard index < count else { return .failure(EmailFailure(rule: .quotedLocalPart, offset: count)) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count, (32...126).contains(bytes[index + 1]) else {
                    return .failure(EmailFailure(rule: .quotedLocalPart, offset: index))
                }
                index += 2
                continue
            }
            if byte >= 0x80 {
                nonASCII = true
            } else if !(32...126).contains(byte) {
                return .failure(EmailFailure(rule: .quotedLocalPart, offset: index))
            }
            index += 1
        }
        let end = index + 1
        guard end < count else { return .failure(EmailFailure(rule: .missingAtSign, offset: end)) }
        guard bytes[end] == UInt8(ascii: "@") else {
            return .failure(EmailFailure(rule: .textAfterQuotedLocalPart, offset: end))
        }
        if nonASCII, let failure = unicodeLocalPart(1..<index, quoted: true) { return .failure(failure) }
        return .success(end)
    }

    /// The Unicode look at a local part with UTF-8 beyond ASCII: the policy, unsafe scalars, and
    /// characters that normalise to ASCII the local part may not hold (U+037E is `;` in NFC).
    private mutating func unicodeLocalPart(_ range: Range<Int>, quoted: Bool) -> EmailFailure? {
        sawNonASCII = true
        guard policy.allowsInternationalized else {
            let offset = range.first { bytes[$0] >= 0x80 } ?? range.lowerBound
            return EmailFailure(rule: .internationalizedNotAllowed, offset: offset)
        }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            return EmailFailure(rule: .unsafeCharacter, offset: range.lowerBound)
        }
        var offset = range.lowerBound
        var atStartOfAtom = true
        for scalar in text.unicodeScalars {
            if !scalar.isASCII {
                if Self.isUnsafe(scalar) || (atStartOfAtom && Self.isMark(scalar)) {
                    return EmailFailure(rule: .unsafeCharacter, offset: offset)
                }
            }
            atStartOfAtom = scalar == "."
            offset += UTF8.width(scalar)
        }
        let normalized = text.precomposedStringWithCanonicalMapping
        normalizedLocalLength = normalized.utf8.count
        if !quoted {
            for scalar in normalized.unicodeScalars where scalar.isASCII {
                if scalar != ".", !atextTable[Int(scalar.value)] {
                    return EmailFailure(rule: .localPartCharacter, offset: range.lowerBound)
                }
            }
        }
        return nil
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator:
            true
        default: false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The local part's length without its quotes (the range `unicodeLocalPart` measured).
    func localContentLength(_ at: Int) -> Int {
        bytes[0] == UInt8(ascii: "\"") ? at - 2 : at
    }
}
