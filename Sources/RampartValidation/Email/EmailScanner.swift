/// One pass over an address's UTF-8 bytes for ``EmailAddressValidator``: the local part
/// (`EmailScanner+LocalPart.swift`), the domain (`+Domain`) or address literal (`+AddressLiteral`).
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

    var signUp: Bool { policy.syntax == .signUp }

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
}
