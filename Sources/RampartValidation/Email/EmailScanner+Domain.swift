import Foundation

/// The special-use top-level domains a sign-up form refuses (RFC 2606, 6761, 6762, 7686, 9476; `internal` by ICANN).
private let reservedTopLevelDomains: [[UInt8]] = [
    "localhost", "invalid", "test", "example", "local", "onion", "arpa", "internal", "alt",
].map { Array($0.utf8) }

extension EmailScanner {
    // MARK: Domain

    /// Checks a host-name domain; returns its length in ASCII (A-labels for Unicode labels).
    mutating func domain(from start: Int) -> Result<Int, EmailFailure> {
        let count = bytes.count
        if count - start > 253 { return .failure(EmailFailure(rule: .domainTooLong, offset: start + 253)) }
        var labelStart = start
        var labels = 0
        var asciiLength = 0
        var index = start
        var lastLabel = start..<start
        var lastLabelAllDigits = true
        var lastLabelAllLetters = true
        while true {
            // One label.
            var nonASCII = false
            var allDigits = true
            var allLetters = true
            while index < count, bytes[index] != UInt8(ascii: ".") {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    allDigits = false
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    allLetters = false
                case UInt8(ascii: "-"):
                    allDigits = false
                    allLetters = false
                case 0x80...:
                    nonASCII = true
                    allDigits = false
                default:
                    return .failure(EmailFailure(rule: .domainCharacter, offset: index))
                }
                index += 1
            }
            let label = labelStart..<index
            if label.isEmpty {
                let rule: EmailRule = (labelStart == start || index == count) ? .leadingOrTrailingDot : .consecutiveDots
                return .failure(EmailFailure(rule: rule, offset: labelStart == start ? start : labelStart - 1))
            }
            var labelLength = label.count
            if nonASCII {
                switch unicodeLabel(label) {
                case .failure(let failure): return .failure(failure)
                case .success(let aLabelLength):
                    labelLength = aLabelLength
                    allLetters = true
                }
            } else if let failure = asciiLabel(label) {
                return .failure(failure)
            }
            if labelLength > 63 {
                // An IDN label can be short in UTF-8 and long as an A-label: the offset stays inside it.
                return .failure(EmailFailure(rule: .labelTooLong, offset: min(label.lowerBound + 63, label.upperBound)))
            }
            asciiLength += labelLength + (labels > 0 ? 1 : 0)
            labels += 1
            lastLabel = label
            lastLabelAllDigits = allDigits
            lastLabelAllLetters = allLetters
            if index == count { break }
            index += 1  // the dot
            labelStart = index
            if index == count { return .failure(EmailFailure(rule: .leadingOrTrailingDot, offset: index - 1)) }
        }
        if signUp {
            if labels < 2 { return .failure(EmailFailure(rule: .domainNeedsDot, offset: start)) }
            let isACE = lastLabel.count > 4 && hasACEPrefix(lastLabel)
            if lastLabelAllDigits || !(isACE || (lastLabelAllLetters && lastLabel.count >= 2)) {
                return .failure(EmailFailure(rule: .topLevelDomain, offset: lastLabel.lowerBound))
            }
            if isReserved(lastLabel) {
                return .failure(EmailFailure(rule: .reservedDomain, offset: lastLabel.lowerBound))
            }
        }
        return .success(asciiLength)
    }

    private func hasACEPrefix(_ label: Range<Int>) -> Bool {
        guard label.count >= 4 else { return false }
        let b = label.lowerBound
        return bytes[b] | 0x20 == UInt8(ascii: "x") && bytes[b + 1] | 0x20 == UInt8(ascii: "n")
            && bytes[b + 2] == UInt8(ascii: "-") && bytes[b + 3] == UInt8(ascii: "-")
    }

    private func isReserved(_ label: Range<Int>) -> Bool {
        reservedTopLevelDomains.contains { name in
            name.count == label.count && zip(name, label).allSatisfy { $0 == bytes[$1] | 0x20 }
        }
    }

    /// Hyphen placement and `xn--` decoding of an ASCII label.
    private func asciiLabel(_ label: Range<Int>) -> EmailFailure? {
        if bytes[label.lowerBound] == UInt8(ascii: "-") {
            return EmailFailure(rule: .labelHyphen, offset: label.lowerBound)
        }
        if bytes[label.upperBound - 1] == UInt8(ascii: "-") {
            return EmailFailure(rule: .labelHyphen, offset: label.upperBound - 1)
        }
        if label.count >= 4, bytes[label.lowerBound + 2] == UInt8(ascii: "-"),
            bytes[label.lowerBound + 3] == UInt8(ascii: "-")
        {
            guard hasACEPrefix(label) else { return EmailFailure(rule: .labelHyphen, offset: label.lowerBound + 2) }
            let payload = UnsafeBufferPointer(rebasing: bytes[(label.lowerBound + 4)..<label.upperBound])
            guard let scalars = Punycode.decode(payload), !scalars.isEmpty, !scalars.allSatisfy(\.isASCII),
                scalars.allSatisfy(Self.isLabelScalar), let first = scalars.first, !Self.isMark(first)
            else {
                return EmailFailure(rule: .domainCharacter, offset: label.lowerBound)
            }
        }
        return nil
    }

    static func isLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-"
        }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// A label with UTF-8 beyond ASCII (an IDN U-label): letters, marks, digits and hyphens;
    /// returns the length of its A-label (`xn--` + Punycode of the lower-cased NFC form).
    private mutating func unicodeLabel(_ label: Range<Int>) -> Result<Int, EmailFailure> {
        sawNonASCII = true
        guard policy.allowsInternationalized else {
            let offset = label.first { bytes[$0] >= 0x80 } ?? label.lowerBound
            return .failure(EmailFailure(rule: .internationalizedNotAllowed, offset: offset))
        }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[label]), as: UTF8.self) else {
            return .failure(EmailFailure(rule: .unsafeCharacter, offset: label.lowerBound))
        }
        var offset = label.lowerBound
        for (position, scalar) in text.unicodeScalars.enumerated() {
            if Self.isUnsafe(scalar) { return .failure(EmailFailure(rule: .unsafeCharacter, offset: offset)) }
            if !Self.isLabelScalar(scalar) || (position == 0 && Self.isMark(scalar)) {
                return .failure(EmailFailure(rule: .domainCharacter, offset: offset))
            }
            offset += UTF8.width(scalar)
        }
        if text.unicodeScalars.first == "-" || text.unicodeScalars.last == "-" {
            return .failure(EmailFailure(rule: .labelHyphen, offset: label.lowerBound))
        }
        let normalized = Array(text.lowercased().precomposedStringWithCanonicalMapping.unicodeScalars)
        return .success(4 + Punycode.encode(normalized).count)
    }
}
