// E-mail address checks on UTF-8 bytes: one pass over ASCII, a Unicode look only where there is
// UTF-8 beyond ASCII. Not a regular expression: each rule is a step with its own name.

import Foundation

/// Checks e-mail addresses against an ``EmailAddressPolicy`` and names the rule that failed.
///
/// The check is syntax only (no DNS): it answers whether the address could be delivered to by a
/// standards-following mail system and, under the default policy, whether a sign-up form should
/// take it. ASCII addresses are checked byte by byte without allocating (millions per second).
///
/// ```swift
/// let validator = EmailAddressValidator()               // the sign-up policy
/// validator.check("jane.doe+news@example.com").isValid  // true
/// validator.check("jane@[192.0.2.1]").failedRule        // .addressLiteralNotAllowed
/// EmailAddressValidator(policy: .rfc).check("jane@[192.0.2.1]").isValid  // true
/// validator.check("用户@例子.广告").isValid              // true (RFC 6531)
/// ```
public struct EmailAddressValidator: Sendable {
    /// The policy applied.
    public let policy: EmailAddressPolicy

    /// A validator for `policy` (``EmailAddressPolicy/signUp`` by default).
    public init(policy: EmailAddressPolicy = .signUp) {
        self.policy = policy
    }

    /// Checks one address (no surrounding spaces, no display name, no angle brackets).
    public func check(_ address: String) -> EmailAddressCheck {
        var copy = address
        return copy.withUTF8 { check(utf8: $0) }
    }

    /// Checks one address given as UTF-8 bytes; bytes that are not UTF-8 fail as ``EmailRule/unsafeCharacter``.
    public func check(utf8 bytes: UnsafeBufferPointer<UInt8>) -> EmailAddressCheck {
        var scanner = EmailScanner(bytes: bytes, policy: policy)
        let failure = scanner.run()
        return EmailAddressCheck(
            failedRule: failure?.rule, offset: failure?.offset, isInternationalized: scanner.sawNonASCII)
    }
}

/// The special-use top-level domains a sign-up form refuses (RFC 2606, 6761, 6762, 7686, 9476; `internal` by ICANN).
private let reservedTopLevelDomains: [[UInt8]] = [
    "localhost", "invalid", "test", "example", "local", "onion", "arpa", "internal", "alt",
].map { Array($0.utf8) }

/// atext of RFC 5322 3.2.3, by byte.
private let atextTable: [Bool] = (0..<256).map { value in
    guard value < 0x80 else { return false }
    let scalar = Unicode.Scalar(UInt8(value))
    if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) { return true }
    return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
}

struct EmailFailure: Error {
    let rule: EmailRule
    let offset: Int
}

struct EmailScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let policy: EmailAddressPolicy
    var sawNonASCII = false
    /// The UTF-8 length of the local part in NFC, when it holds UTF-8 beyond ASCII (RFC 6532 3.1).
    var normalizedLocalLength: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, policy: EmailAddressPolicy) {
        self.bytes = bytes
        self.policy = policy
    }

    private var signUp: Bool { policy.syntax == .signUp }

    mutating func run() -> EmailFailure? {
        let count = bytes.count
        if count == 0 { return EmailFailure(rule: .empty, offset: 0) }
        if count > 254 { return EmailFailure(rule: .addressTooLong, offset: 254) }
        let at: Int
        switch localPart() {
        case .failure(let failure): return failure
        case .success(let index): at = index
        }
        let localLength = normalizedLocalLength.map { $0 + (at - localContentLength(at)) } ?? at
        if localLength > 64 { return EmailFailure(rule: .localPartTooLong, offset: min(at, 64)) }
        let domainStart = at + 1
        if domainStart == count { return EmailFailure(rule: .emptyDomain, offset: domainStart) }
        if bytes[domainStart] == UInt8(ascii: "[") {
            if signUp { return EmailFailure(rule: .addressLiteralNotAllowed, offset: domainStart) }
            return addressLiteral(from: domainStart)
        }
        switch domain(from: domainStart) {
        case .failure(let failure): return failure
        case .success(let asciiLength):
            if asciiLength > 253 { return EmailFailure(rule: .domainTooLong, offset: min(domainStart + 253, count)) }
            if localLength + 1 + asciiLength > 254 { return EmailFailure(rule: .addressTooLong, offset: count) }
        }
        return nil
    }

    // MARK: Local part

    private mutating func localPart() -> Result<Int, EmailFailure> {
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
    private func localContentLength(_ at: Int) -> Int {
        bytes[0] == UInt8(ascii: "\"") ? at - 2 : at
    }

    // MARK: Domain

    /// Checks a host-name domain; returns its length in ASCII (A-labels for Unicode labels).
    private mutating func domain(from start: Int) -> Result<Int, EmailFailure> {
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

    // MARK: Address literals

    private func addressLiteral(from start: Int) -> EmailFailure? {
        let count = bytes.count
        guard bytes[count - 1] == UInt8(ascii: "]"), count - start >= 3 else {
            return EmailFailure(rule: .addressLiteral, offset: start)
        }
        let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(count - 1)])
        let tag = Array("ipv6:".utf8)
        if inner.count > tag.count, zip(tag, inner).allSatisfy({ $0 == $1 | 0x20 }) {
            return IPAddressText.isIPv6(UnsafeBufferPointer(rebasing: inner[tag.count...]))
                ? nil : EmailFailure(rule: .addressLiteral, offset: start + 1 + tag.count)
        }
        return IPAddressText.isIPv4(inner) ? nil : EmailFailure(rule: .addressLiteral, offset: start + 1)
    }
}
