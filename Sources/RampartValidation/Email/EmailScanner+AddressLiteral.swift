extension EmailScanner {
    // MARK: Address literals

    func addressLiteral(from start: Int) -> EmailFailure? {
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
